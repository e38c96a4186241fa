import 'server-only';

import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

import yauzl from 'yauzl';

import { encodePostalFile, PostalTable } from './postal-file';
import { buildCandidates, decodeJapanPostCsv, jigyosyoRows, jpostalRows, kenAllRows, type ParsedRow } from './postal-sources';

/**
 * `npm run postcode:import` (scripts/postcode-import.ts): Japan Post's files → the compact file
 * the app reads (postal-file.ts). Both lists are required, so a rebuild can never silently lose
 * the business codes:
 *
 * - official files: KEN_ALL.zip (or utf_ken_all.zip, or the bare CSVs) and JIGYOSYO.zip;
 * - or the json/ folder of the npm package jquery-jpostal-ja (`--from-jpostal`), which bundles
 *   both lists and is how the committed file was made where Japan Post's site is out of reach.
 *
 * The result is checked by reading it back before it replaces the target (written beside it,
 * then renamed), and a result with fewer than `minCodes` codes is refused (a truncated download).
 */

export class PostcodeImportError extends Error {
  override name = 'PostcodeImportError';
}

export interface PostcodeImportOptions {
  /** KEN_ALL / JIGYOSYO files: .zip or .csv; recognised by name (ken_all, jigyosyo). */
  files?: string[];
  /** The json/ folder of jquery-jpostal-ja instead of the official files. */
  jpostalDir?: string;
  out: string;
  /** Written into the file's #version line; default: the sources and the date of the import. */
  version?: string;
  /** Refuse a result with fewer codes (the real data has about 120,000 area and 22,000 business codes). */
  minCodes?: number;
  gzip?: boolean;
}

export interface PostcodeImportSummary {
  version: string;
  areaRows: number;
  businessRows: number;
  codes: number;
  bytes: number;
}

type Kind = 'ken_all' | 'jigyosyo';

function kindOf(name: string): Kind | null {
  const base = path.basename(name).toLowerCase();
  if (base.includes('ken_all') || base.includes('ken-all') || base.includes('kenall')) return 'ken_all';
  if (base.includes('jigyosyo')) return 'jigyosyo';
  return null;
}

/** Every `.csv` member of a zip, uncompressed (Japan Post's zips hold one CSV of at most ~20 MB). */
function readZipCsvs(file: string): Promise<{ name: string; bytes: Buffer }[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('yauzl returned no zip file'));
      const out: { name: string; bytes: Buffer }[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(out));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!/\.csv$/i.test(entry.fileName)) return zip.readEntry();
        zip.openReadStream(entry, (streamErr, stream) => {
          if (streamErr || !stream) return reject(streamErr ?? new Error('yauzl returned no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            out.push({ name: entry.fileName, bytes: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** Every CSV in the given files (a zip's CSV members, or the file itself), with its kind. */
async function readSources(files: string[]): Promise<{ kind: Kind; name: string; text: string }[]> {
  const out: { kind: Kind; name: string; text: string }[] = [];
  for (const file of files) {
    if (/\.zip$/i.test(file)) {
      const members = await readZipCsvs(file);
      if (members.length === 0) throw new PostcodeImportError(`${file}: zip に CSV ファイルが含まれていません (no CSV member)`);
      for (const m of members) {
        const kind = kindOf(m.name) ?? kindOf(file);
        if (!kind) throw new PostcodeImportError(`${file}: ${m.name} が KEN_ALL か JIGYOSYO か分かりません (unknown CSV)`);
        out.push({
          kind,
          name: `${path.basename(file)}:${m.name}`,
          text: decodeJapanPostCsv(m.bytes),
        });
      }
    } else if (/\.csv$/i.test(file)) {
      const kind = kindOf(file);
      if (!kind) throw new PostcodeImportError(`${file}: ファイル名から KEN_ALL か JIGYOSYO か分かりません (unknown CSV)`);
      out.push({ kind, name: path.basename(file), text: decodeJapanPostCsv(await readFile(file)) });
    } else {
      throw new PostcodeImportError(`${file}: .zip または .csv ファイルではありません (not a .zip or .csv file)`);
    }
  }
  return out;
}

export async function importPostalCodes(options: PostcodeImportOptions): Promise<PostcodeImportSummary> {
  const files = options.files ?? [];
  let rows: ParsedRow[];
  let sourceLabel: string;
  if (options.jpostalDir) {
    if (files.length > 0) throw new PostcodeImportError('--from-jpostal と KEN_ALL/JIGYOSYO ファイルは同時に指定できません');
    const data = await jpostalRows(options.jpostalDir);
    rows = data.rows;
    sourceLabel = `jquery-jpostal-ja json (${data.version ?? 'version unknown'})`;
  } else {
    const sources = await readSources(files);
    const kenAll = sources.filter((s) => s.kind === 'ken_all');
    const jigyosyo = sources.filter((s) => s.kind === 'jigyosyo');
    if (kenAll.length === 0 || jigyosyo.length === 0) {
      throw new PostcodeImportError(
        'KEN_ALL（住所の郵便番号）と JIGYOSYO（事業所の個別郵便番号）の両方を指定してください (both lists are required)',
      );
    }
    // Area rows first (a code's areas keep KEN_ALL's order), then the business codes.
    const areaRows = kenAll.flatMap((s) => kenAllRows(s.text));
    rows = [...areaRows, ...jigyosyo.flatMap((s) => jigyosyoRows(s.text, areaRows))];
    sourceLabel = `Japan Post ${sources.map((s) => s.name).join(' ')}`;
  }
  const codes = buildCandidates(rows);
  const version = options.version ?? `${sourceLabel}; imported ${new Date().toISOString().slice(0, 10)}`;
  const minCodes = options.minCodes ?? 100_000;
  if (codes.size < minCodes) {
    throw new PostcodeImportError(
      `郵便番号が ${codes.size} 件しかありません（${minCodes} 件以上のはず）。ファイルが途中で切れていないか確認してください`,
    );
  }
  const text = encodePostalFile({ version, codes });
  // Read back before replacing the target: a file the app cannot read never goes live.
  const table = PostalTable.parse(text, { verify: true });
  if (table.size !== codes.size) throw new PostcodeImportError(`read back ${table.size} codes, wrote ${codes.size}`);
  const bytes = options.gzip === false ? Buffer.from(text, 'utf8') : await promisify(gzip)(Buffer.from(text, 'utf8'), { level: 9 });
  const temporary = `${options.out}.${process.pid}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, options.out);
  let businessRows = 0;
  let areaRows = 0;
  for (const list of codes.values()) {
    for (const c of list) {
      if (c.isBusiness) businessRows++;
      else areaRows++;
    }
  }
  return { version, areaRows, businessRows, codes: codes.size, bytes: bytes.length };
}
