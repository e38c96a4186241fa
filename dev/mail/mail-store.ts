import { randomBytes } from 'node:crypto';

export type MailAddress = { address: string; name: string };

export type StoredAttachment = {
  filename: string | null;
  contentType: string;
  size: number;
};

/** One received mail, as the JSON API returns it. */
export type StoredMail = {
  id: string;
  /** Arrival order; `after=<id>` in the wait endpoint compares this. */
  seq: number;
  receivedAt: string;
  /** SMTP envelope: the addresses the message was actually delivered to (includes Bcc). */
  envelope: { from: string | null; to: string[] };
  from: MailAddress[];
  to: MailAddress[];
  cc: MailAddress[];
  subject: string;
  /** The Date: header, if the sender set one. */
  date: string | null;
  messageId: string | null;
  text: string;
  html: string | null;
  headers: Record<string, string>;
  attachments: StoredAttachment[];
  size: number;
};

export type NewMail = Omit<StoredMail, 'id' | 'seq'> & { id?: string };

type Waiter = {
  matches: (mail: StoredMail) => boolean;
  resolve: (mail: StoredMail | null) => void;
};

const normalise = (address: string) => address.trim().toLowerCase();

/** True when the mail was delivered to `address` (envelope, To or Cc), ignoring case. */
export function isAddressedTo(mail: StoredMail, address: string): boolean {
  const wanted = normalise(address);
  return (
    mail.envelope.to.some((a) => normalise(a) === wanted) ||
    mail.to.some((a) => normalise(a.address) === wanted) ||
    mail.cc.some((a) => normalise(a.address) === wanted)
  );
}

/**
 * Newest-last, bounded list of received mails with waiters for the long-poll endpoint.
 * The bound keeps a long `npm start` session (or a test run sending thousands of codes) from
 * growing the catcher's memory without limit.
 */
export class MailStore {
  private mails: StoredMail[] = [];
  private waiters = new Set<Waiter>();
  private nextSeq = 1;

  constructor(readonly capacity = 500) {}

  /** Adds a mail, evicting the oldest beyond capacity; returns the evicted ones. */
  add(mail: NewMail): { stored: StoredMail; evicted: StoredMail[] } {
    const stored: StoredMail = {
      ...mail,
      id: mail.id ?? newMailId(),
      seq: this.nextSeq++,
    };
    this.mails.push(stored);
    const evicted = this.mails.length > this.capacity ? this.mails.splice(0, this.mails.length - this.capacity) : [];
    for (const waiter of [...this.waiters]) {
      if (waiter.matches(stored)) {
        this.waiters.delete(waiter);
        waiter.resolve(stored);
      }
    }
    return { stored, evicted };
  }

  /** Newest first. */
  list(filter?: { to?: string }): StoredMail[] {
    const all = [...this.mails].reverse();
    const to = filter?.to;
    return to ? all.filter((m) => isAddressedTo(m, to)) : all;
  }

  get(id: string): StoredMail | undefined {
    return this.mails.find((m) => m.id === id);
  }

  remove(id: string): StoredMail | undefined {
    const index = this.mails.findIndex((m) => m.id === id);
    if (index < 0) return undefined;
    return this.mails.splice(index, 1)[0];
  }

  clear(): StoredMail[] {
    const removed = this.mails;
    this.mails = [];
    return removed;
  }

  /**
   * Resolves with a stored mail matching `matches` (the oldest or the newest, per `pick`), else
   * with the next one to arrive, or with null after `timeoutMs` or when `signal` aborts (the HTTP
   * client went away).
   */
  waitFor(
    matches: (mail: StoredMail) => boolean,
    options: {
      timeoutMs: number;
      pick: 'oldest' | 'newest';
      signal?: AbortSignal;
    },
  ): Promise<StoredMail | null> {
    const { timeoutMs, pick, signal } = options;
    const existing = pick === 'oldest' ? this.mails.find(matches) : this.mails.findLast(matches);
    if (existing) return Promise.resolve(existing);
    if (signal?.aborted) return Promise.resolve(null);
    return new Promise((resolve) => {
      const finish = (mail: StoredMail | null) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.waiters.delete(waiter);
        resolve(mail);
      };
      const onAbort = () => finish(null);
      const waiter: Waiter = { matches, resolve: finish };
      const timer = setTimeout(() => finish(null), timeoutMs);
      this.waiters.add(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Ends every pending wait (used when the catcher shuts down). */
  releaseWaiters(): void {
    for (const waiter of [...this.waiters]) waiter.resolve(null);
    this.waiters.clear();
  }

  get pendingWaiters(): number {
    return this.waiters.size;
  }
}

/** Unguessable enough that one test cannot accidentally address another test's mail. */
export function newMailId(): string {
  return randomBytes(9).toString('base64url');
}
