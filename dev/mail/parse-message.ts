import { simpleParser, type AddressObject, type EmailAddress, type HeaderValue } from 'mailparser';
import type { MailAddress, NewMail } from './mail-store';

function flattenAddresses(value: AddressObject | AddressObject[] | undefined): MailAddress[] {
  if (!value) return [];
  const out: MailAddress[] = [];
  const visit = (entry: EmailAddress) => {
    if (entry.group) entry.group.forEach(visit);
    else if (entry.address) out.push({ address: entry.address, name: entry.name });
  };
  for (const object of Array.isArray(value) ? value : [value]) object.value.forEach(visit);
  return out;
}

function headerToString(value: HeaderValue): string {
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => headerToString(v)).join(', ');
  if ('text' in value) return value.text;
  const params = Object.entries(value.params ?? {})
    .map(([k, v]) => `; ${k}=${v}`)
    .join('');
  return `${value.value}${params}`;
}

/**
 * Parses one raw RFC 5322 message. mailparser decodes MIME encoded-words and bodies in
 * ISO-2022-JP, Shift_JIS, EUC-JP and UTF-8 (via encoding-japanese / iconv-lite), which is what
 * Japanese mailers send. Inline cid: images become data: URIs, which the HTML view allows.
 */
export async function parseMessage(raw: Buffer, envelope: NewMail['envelope'], receivedAt: Date): Promise<NewMail> {
  const parsed = await simpleParser(raw);
  const headers: Record<string, string> = {};
  for (const [key, value] of parsed.headers) headers[key] = headerToString(value);
  return {
    receivedAt: receivedAt.toISOString(),
    envelope,
    from: flattenAddresses(parsed.from),
    to: flattenAddresses(parsed.to),
    cc: flattenAddresses(parsed.cc),
    subject: parsed.subject ?? '',
    date: parsed.date ? parsed.date.toISOString() : null,
    messageId: parsed.messageId ?? null,
    text: parsed.text ?? '',
    html: parsed.html === false ? null : parsed.html,
    headers,
    attachments: parsed.attachments.map((a) => ({
      filename: a.filename ?? null,
      contentType: a.contentType,
      size: a.size,
    })),
    size: raw.length,
  };
}
