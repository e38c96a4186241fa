import 'server-only';

import nodemailer, { type Transporter } from 'nodemailer';

import { sha256Hex } from '@/server/auth/tokens';
import { logger } from '@/server/logger';

import type { RenderedMail } from './compose';
import { serverConfig, type MailConfig } from '@/config/server';

/**
 * Outgoing mail over SMTP (nodemailer). The server comes from configuration (SMTP_*); locally
 * and in tests that is the catcher in dev/mail. Timeouts are short so that a dead SMTP server
 * turns into a clear Japanese message for the user instead of a hanging request (security.md
 * "Reliability").
 */
export class MailDeliveryError extends Error {
  constructor(cause: unknown) {
    super('mail could not be handed to the SMTP server', { cause });
    this.name = 'MailDeliveryError';
  }
}

let cached: { key: string; transporter: Transporter } | undefined;

function transporter(config: MailConfig): Transporter {
  const key = `${config.host}:${config.port}:${config.secure}:${config.auth?.user ?? ''}`;
  if (cached?.key === key) return cached.transporter;
  const created = nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.secure,
    auth: config.auth,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  cached = { key, transporter: created };
  return created;
}

export interface SendMailOptions {
  /**
   * Extra header fields for this mail, e.g. `List-Unsubscribe` and `List-Unsubscribe-Post`
   * (RFC 2369, RFC 8058) for a mail a member can stop. Plain ASCII values; the standard fields
   * (From, To, Subject, …) and Auto-Submitted are set here and cannot be replaced.
   */
  headers?: Readonly<Record<string, string>>;
}

/** Header fields a caller may not set: this module owns them. */
const RESERVED_HEADERS = new Set(['from', 'to', 'cc', 'bcc', 'subject', 'date', 'message-id', 'sender', 'reply-to', 'auto-submitted']);

function extraHeaders(headers: Readonly<Record<string, string>> = {}): Record<string, string> {
  for (const [name, value] of Object.entries(headers)) {
    // A field name is printable ASCII without ':' (RFC 5322 §2.2); a value never holds a line
    // break (no header injection).
    if (!/^[!-9;-~]+$/.test(name) || RESERVED_HEADERS.has(name.toLowerCase()) || /[\r\n]/.test(value)) {
      throw new Error(`mail header ${JSON.stringify(name)} cannot be set`);
    }
  }
  return { ...headers };
}

/** Sends one mail; throws MailDeliveryError when the SMTP server does not take it. */
export async function sendMail(to: string, mail: RenderedMail, options: SendMailOptions = {}): Promise<void> {
  const config = serverConfig().mail;
  const recipient = sha256Hex(to).slice(0, 16); // logs identify the address without holding it
  const headers = extraHeaders(options.headers); // a programming error, thrown before anything is sent
  try {
    const info = await transporter(config).sendMail({
      from: config.from,
      to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: { ...headers, 'Auto-Submitted': 'auto-generated' },
    });
    logger.info({ event: 'mail.sent', kind: mail.kind, recipient, messageId: info.messageId }, 'mail sent');
  } catch (error) {
    logger.warn({ event: 'mail.failed', kind: mail.kind, recipient, err: error }, 'mail could not be sent');
    throw new MailDeliveryError(error);
  }
}
