import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * A local stand-in for an S3-compatible object store (`npm run dev:s3`), enough for the storage
 * driver (src/server/storage/s3.ts): path-style PUT, GET, HEAD and DELETE of an object and
 * ListObjectsV2 (prefix, max-keys, continuation-token), objects kept as files under `dir/<bucket>/`.
 * Every request must carry a valid AWS Signature Version 4 (checked here from the specification,
 * not with the client's signer, so a signing mistake of the client shows) and a PUT body must
 * match its signed `x-amz-content-sha256`. Bodies are streamed to disk, never held in memory.
 */

export interface S3StandInOptions {
  dir: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

function errorXml(res: ServerResponse, status: number, code: string, message = code): void {
  res
    .writeHead(status, { 'content-type': 'application/xml' })
    .end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

const xmlEscape = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The signature check of AWS Signature Version 4 (header form); null when valid, else why not. */
export function checkSignature(req: IncomingMessage, url: URL, options: S3StandInOptions): string | null {
  const auth = String(req.headers.authorization ?? '');
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m) return 'missing or malformed Authorization';
  const [, keyId, date, region, signedHeaders, signature] = m as unknown as [string, string, string, string, string, string];
  if (keyId !== options.accessKeyId) return 'unknown access key';
  if (region !== options.region) return 'wrong region';
  const datetime = String(req.headers['x-amz-date'] ?? '');
  if (!/^\d{8}T\d{6}Z$/.test(datetime) || datetime.slice(0, 8) !== date) return 'bad x-amz-date';
  const skew = Math.abs(
    Date.parse(`${datetime.slice(0, 4)}-${datetime.slice(4, 6)}-${datetime.slice(6, 11)}:${datetime.slice(11, 13)}:${datetime.slice(13)}`) -
      Date.now(),
  );
  if (!(skew < 15 * 60_000)) return 'request time too skewed';
  const names = signedHeaders.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date') || !names.includes('x-amz-content-sha256'))
    return 'required header not signed';
  const canonicalHeaders = names
    .map(
      (n) =>
        `${n}:${String(req.headers[n] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalUri = url.pathname
    .split('/')
    .map((segment) => rfc3986(decodeURIComponent(segment)))
    .join('/');
  const canonicalQuery = [...url.searchParams]
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  const canonicalRequest = [req.method, canonicalUri, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', datetime, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${options.secretAccessKey}`, date), region), 's3'), 'aws4_request');
  const expected = hmac(key, stringToSign);
  return timingSafeEqual(expected, Buffer.from(signature, 'hex')) ? null : 'signature does not match';
}

/** Every file under `root`, as keys with '/'. */
function walk(root: string, dir = root): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return walk(root, full);
    return e.name.includes('.uploading-') ? [] : [path.relative(root, full).split(path.sep).join('/')];
  });
}

export function createS3StandIn(options: S3StandInOptions): Server {
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const why = checkSignature(req, url, options);
    if (why !== null) return errorXml(res, 403, 'SignatureDoesNotMatch', why);
    const [, bucket = '', ...rest] = url.pathname.split('/').map(decodeURIComponent);
    const key = rest.join('/');
    if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) return errorXml(res, 400, 'InvalidBucketName');
    if (key.split('/').some((p) => p === '..' || p === '.')) return errorXml(res, 400, 'InvalidArgument');
    const bucketDir = path.join(options.dir, bucket);
    const file = path.join(bucketDir, key);

    if (key === '') {
      if (req.method !== 'GET' || url.searchParams.get('list-type') !== '2') return errorXml(res, 501, 'NotImplemented');
      const prefix = url.searchParams.get('prefix') ?? '';
      const maxKeys = Math.min(1000, Number(url.searchParams.get('max-keys') ?? 1000) || 1000);
      const after = url.searchParams.get('continuation-token') ?? '';
      const all = walk(bucketDir)
        .filter((k) => k.startsWith(prefix) && k > after)
        .sort();
      const page = all.slice(0, maxKeys);
      const truncated = all.length > page.length;
      const contents = page
        .map((k) => `<Contents><Key>${xmlEscape(k)}</Key><Size>${fs.statSync(path.join(bucketDir, k)).size}</Size></Contents>`)
        .join('');
      return res
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(
          `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix>` +
            `<KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}` +
            (truncated ? `<NextContinuationToken>${xmlEscape(page.at(-1) ?? '')}</NextContinuationToken>` : '') +
            '</ListBucketResult>',
        );
    }

    if (req.method === 'PUT') {
      const declared = String(req.headers['x-amz-content-sha256']);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const tmp = `${file}.uploading-${process.pid}-${Math.random().toString(36).slice(2)}`;
      const hash = createHash('sha256');
      try {
        await pipeline(
          req,
          new Transform({
            transform(chunk: Buffer, _enc, done) {
              hash.update(chunk);
              done(null, chunk);
            },
          }),
          fs.createWriteStream(tmp),
        );
        const actual = hash.digest('hex');
        if (declared !== 'UNSIGNED-PAYLOAD' && declared !== actual) {
          fs.rmSync(tmp, { force: true });
          return errorXml(res, 400, 'XAmzContentSHA256Mismatch');
        }
        fs.renameSync(tmp, file);
        return res.writeHead(200, { etag: `"${actual.slice(0, 32)}"` }).end();
      } catch {
        fs.rmSync(tmp, { force: true });
        if (!res.headersSent) errorXml(res, 400, 'IncompleteBody');
        return;
      }
    }
    if (req.method === 'DELETE') {
      fs.rmSync(file, { force: true });
      return res.writeHead(204).end();
    }
    if (req.method === 'GET' || req.method === 'HEAD') {
      let size: number;
      try {
        const st = fs.statSync(file);
        if (!st.isFile()) throw new Error('not a file');
        size = st.size;
      } catch {
        return req.method === 'HEAD' ? res.writeHead(404).end() : errorXml(res, 404, 'NoSuchKey');
      }
      res.writeHead(200, { 'content-length': size, 'content-type': 'application/octet-stream' });
      if (req.method === 'HEAD') return res.end();
      return pipeline(fs.createReadStream(file), res).catch(() => res.destroy());
    }
    return errorXml(res, 405, 'MethodNotAllowed');
  };
  return createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) errorXml(res, 500, 'InternalError');
      else res.destroy();
    });
  });
}
