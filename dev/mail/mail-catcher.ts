import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { z } from 'zod';
import { createMailHttpHandler, LOOPBACK_HOSTS } from './http-handler';
import { MailStore, newMailId, type NewMail, type StoredMail } from './mail-store';
import { parseMessage } from './parse-message';

export type MailCatcherOptions = {
  /** SMTP port; 0 picks a free one. Default 1025 (the app's SMTP_PORT default). */
  smtpPort?: number;
  /** Web page and JSON API port; 0 picks a free one. Default 1080. */
  httpPort?: number;
  /** Interface for both servers. Default 127.0.0.1: the catcher is not meant to be reachable from other machines. */
  host?: string;
  /** How many mails to keep (oldest dropped first). Default 500. */
  capacity?: number;
  /** When set, every mail is also kept there as `<id>.eml` + `<id>.json` and reloaded on the next start. */
  dir?: string;
  /** Largest accepted message in bytes. Default 10 MiB. */
  maxMessageBytes?: number;
  /** One line per received mail; default silent. */
  log?: (line: string) => void;
};

export type MailCatcher = {
  smtpPort: number;
  /** Base URL of the web page and the API, e.g. http://127.0.0.1:1080 */
  httpUrl: string;
  close: () => Promise<void>;
};

/** The sidecar file kept beside each `.eml`: what the message itself does not say. */
const SidecarSchema = z.strictObject({
  id: z.string().regex(/^[\w-]+$/),
  receivedAt: z.iso.datetime(),
  envelope: z.strictObject({
    from: z.string().nullable(),
    to: z.array(z.string()),
  }),
});

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

function allowedHostsFor(host: string): ReadonlySet<string> | null {
  if (host === '0.0.0.0' || host === '::') return null;
  return new Set([...LOOPBACK_HOSTS, host.toLowerCase()]);
}

async function loadFolder(dir: string, store: MailStore, raws: Map<string, Buffer>, capacity: number): Promise<void> {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.json'));
  const sidecars: z.infer<typeof SidecarSchema>[] = [];
  for (const name of names) {
    const parsed = SidecarSchema.safeParse(JSON.parse(await readFile(path.join(dir, name), 'utf8')));
    if (parsed.success) sidecars.push(parsed.data);
  }
  sidecars.sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
  for (const sidecar of sidecars.slice(-capacity)) {
    const raw = await readFile(path.join(dir, `${sidecar.id}.eml`)).catch(() => null);
    if (!raw) continue;
    const mail = await parseMessage(raw, sidecar.envelope, new Date(sidecar.receivedAt));
    store.add({ ...mail, id: sidecar.id });
    raws.set(sidecar.id, raw);
  }
}

function listen(
  server: { listen: (port: number, host: string, cb: () => void) => unknown },
  port: number,
  host: string,
  errors: NodeJS.EventEmitter,
): Promise<void> {
  return new Promise((resolve, reject) => {
    errors.once('error', reject);
    server.listen(port, host, () => {
      errors.off('error', reject);
      resolve();
    });
  });
}

/**
 * Starts the SMTP catcher and its web page / JSON API. A separate process in development
 * (`npm run dev:mail`) and an in-process server in tests; never imported by src/.
 */
export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const host = options.host ?? '127.0.0.1';
  const capacity = options.capacity ?? 500;
  const maxMessageBytes = options.maxMessageBytes ?? 10 * 1024 * 1024;
  const log = options.log ?? (() => {});
  const dir = options.dir ? path.resolve(options.dir) : undefined;

  const store = new MailStore(capacity);
  const raws = new Map<string, Buffer>();

  // File deletions run in the background; close() waits for them so a restart sees a settled folder.
  const pendingDeletes = new Set<Promise<unknown>>();
  const forget = (mails: StoredMail[]) => {
    for (const mail of mails) {
      raws.delete(mail.id);
      if (!dir) continue;
      for (const file of [`${mail.id}.eml`, `${mail.id}.json`]) {
        const op = rm(path.join(dir, file), { force: true }).finally(() => pendingDeletes.delete(op));
        pendingDeletes.add(op);
      }
    }
  };

  if (dir) {
    await mkdir(dir, { recursive: true });
    await loadFolder(dir, store, raws, capacity);
  }

  async function receive(raw: Buffer, session: SMTPServerSession): Promise<StoredMail> {
    const envelope: NewMail['envelope'] = {
      from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
      to: session.envelope.rcptTo.map((r) => r.address),
    };
    const receivedAt = new Date();
    const id = newMailId();
    const mail = await parseMessage(raw, envelope, receivedAt);
    if (dir) {
      // Written before the mail becomes visible, so a mail a test has seen is also on disk.
      await writeFile(path.join(dir, `${id}.eml`), raw);
      await writeFile(path.join(dir, `${id}.json`), JSON.stringify({ id, receivedAt: mail.receivedAt, envelope }));
    }
    raws.set(id, raw);
    const { stored, evicted } = store.add({ ...mail, id });
    forget(evicted);
    log(`[mail-catcher] ${stored.receivedAt} → ${envelope.to.join(', ')}: ${stored.subject}`);
    return stored;
  }

  const smtp = new SMTPServer({
    // Plain SMTP on loopback, like a local MTA: no STARTTLS offered (nodemailer would then try
    // TLS against a certificate nobody trusts); any AUTH is accepted so a configured
    // SMTP_USER/SMTP_PASSWORD also works against the catcher.
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'anonymous' });
    },
    size: maxMessageBytes,
    banner: 'hojin development mail catcher',
    logger: false,
    closeTimeout: 1000,
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (error: Error) => callback(error));
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          const error = Object.assign(new Error(`Message exceeds ${maxMessageBytes} bytes`), { responseCode: 552 });
          callback(error);
          return;
        }
        receive(Buffer.concat(chunks), session).then(
          (stored) => callback(null, `Message queued as ${stored.id}`),
          (error: unknown) => {
            process.stderr.write(`[mail-catcher] could not store a message: ${String(error)}\n`);
            callback(Object.assign(new Error('Temporary failure while storing the message'), { responseCode: 451 }));
          },
        );
      });
    },
  });
  // Connection-level problems (a client hanging up mid-DATA) are the client's, not ours.
  smtp.on('error', (error: Error) => log(`[mail-catcher] SMTP: ${error.message}`));

  const http: Server = createServer(
    createMailHttpHandler({
      store,
      rawOf: (id) => raws.get(id),
      remove: (id) => {
        const removed = store.remove(id);
        if (removed) forget([removed]);
        return removed !== undefined;
      },
      clear: () => {
        const removed = store.clear();
        forget(removed);
        return removed.length;
      },
      allowedHosts: allowedHostsFor(host),
    }),
  );

  await listen(smtp.server, options.smtpPort ?? 1025, host, smtp.server);
  try {
    await listen(http, options.httpPort ?? 1080, host, http);
  } catch (error) {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    throw error;
  }

  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const httpPort = (http.address() as AddressInfo).port;

  let closing: Promise<void> | undefined;
  return {
    smtpPort,
    httpUrl: `http://${urlHost(host)}:${httpPort}`,
    close: () => {
      closing ??= (async () => {
        store.releaseWaiters();
        await Promise.all([
          new Promise<void>((resolve) => smtp.close(() => resolve())),
          new Promise<void>((resolve) => {
            http.close(() => resolve());
            http.closeAllConnections();
          }),
        ]);
        await Promise.allSettled([...pendingDeletes]);
      })();
      return closing;
    },
  };
}
