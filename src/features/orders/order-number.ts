/**
 * The order number members quote (issue 13 §2, docs/decisions/0025): `HJ-2611-4K7QX` — the
 * service's prefix, the Japan-time year and month the order was placed, and five characters from
 * an alphabet without the look-alikes 0/O, 1/I/L (and U, as in Crockford's base32). It is what
 * every page, mail, PDF and the back office show; the order's UUID stays the internal id and the
 * URL key. Zod-free and isomorphic: pages, mails, the PDFs, the repository and the migration's
 * backfill (db/migrations/0016_order_number.sql, which spells the same alphabet) follow this file.
 */

export const ORDER_NUMBER_PREFIX = 'HJ';

/** Crockford's base32 without 0 and 1: 30 symbols, none mistaken for another when read aloud or handwritten. */
export const ORDER_NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * Random characters after the month. 30^5 ≈ 24.3 million numbers a month: at 100,000 orders in a
 * month a new number collides with an earlier one at most 0.41 % of the time (then it is drawn
 * again, repository.ts), and a mistyped number names another real order just as rarely.
 */
export const ORDER_NUMBER_RANDOM_LENGTH = 5;

/**
 * The longer form drawn when the five-character numbers of a month are crowded (docs/decisions/0058):
 * after a few clashes in a row the repository draws six characters (30^6 ≈ 729 million a month), so
 * a flood of orders can slow nothing down nor exhaust the space. Both forms are valid numbers.
 */
export const ORDER_NUMBER_LONG_RANDOM_LENGTH = 6;

/** The one format check: `HJ-YYMM-XXXXX` (or the long form's six characters), upper case, hyphens in place. */
export const ORDER_NUMBER_PATTERN = new RegExp(
  `^${ORDER_NUMBER_PREFIX}-\\d{2}(?:0[1-9]|1[0-2])-[${ORDER_NUMBER_ALPHABET}]{${ORDER_NUMBER_RANDOM_LENGTH},${ORDER_NUMBER_LONG_RANDOM_LENGTH}}$`,
);

/** How staff are told the number is typed wrong (the back office's search). */
export const ORDER_NUMBER_FORMAT_MESSAGE = '注文番号は「HJ-2611-4K7QX」のように、HJ・年月4桁・英数字5文字で入力してください。';

export function isOrderNumber(value: unknown): value is string {
  return typeof value === 'string' && ORDER_NUMBER_PATTERN.test(value);
}

/** `2611` for an instant in November 2026, Japan time (no daylight saving: UTC+9 all year). */
export function orderNumberMonth(at: Date): string {
  const jst = new Date(at.getTime() + 9 * 60 * 60 * 1000);
  const yy = String(jst.getUTCFullYear() % 100).padStart(2, '0');
  const mm = String(jst.getUTCMonth() + 1).padStart(2, '0');
  return `${yy}${mm}`;
}

/**
 * A fresh number for an order placed at `at`. The characters come from the platform's CSPRNG
 * (Web Crypto, in Node and browsers alike) with rejection sampling, so each of the 30 symbols is
 * equally likely. Uniqueness is the database's (a unique index); the repository draws again on a clash.
 */
export function newOrderNumber(
  at: Date,
  random: (bytes: Uint8Array) => void = (b) => void crypto.getRandomValues(b),
  length: number = ORDER_NUMBER_RANDOM_LENGTH,
): string {
  const n = ORDER_NUMBER_ALPHABET.length;
  // the largest multiple of 30 below 256: bytes at or above it would favour the first symbols
  const limit = 256 - (256 % n);
  let out = '';
  const buf = new Uint8Array(length * 2);
  while (out.length < length) {
    random(buf);
    for (const byte of buf) {
      if (byte >= limit) continue;
      out += ORDER_NUMBER_ALPHABET[byte % n];
      if (out.length === length) break;
    }
  }
  return `${ORDER_NUMBER_PREFIX}-${orderNumberMonth(at)}-${out}`;
}

// Hyphens and dashes as typed by hand or pasted from mail in Japanese (after NFKC the full-width
// hyphen-minus is already '-', the half-width ｰ already ー): ‐ ‑ ‒ – — ― − ー, and spaces of any kind.
const SEPARATORS = /[\s\-‐‑‒–—―−ー]/gu;

/**
 * The number a member quotes, as staff type it: any case, with or without hyphens or spaces,
 * full-width characters accepted (NFKC), the `HJ` prefix optional. Returns the canonical `HJ-YYMM-XXXXX`, or null when the
 * input cannot be an order number. A character outside the alphabet (0, O, 1, I, L, U in the last
 * part) is not guessed at: the number is refused rather than matched to another order.
 */
export function parseOrderNumberInput(input: string): string | null {
  const compact = input.normalize('NFKC').replace(SEPARATORS, '').toUpperCase();
  const m = new RegExp(
    `^(?:${ORDER_NUMBER_PREFIX})?(\\d{4})([0-9A-Z]{${ORDER_NUMBER_RANDOM_LENGTH},${ORDER_NUMBER_LONG_RANDOM_LENGTH}})$`,
  ).exec(compact);
  if (!m) return null;
  const candidate = `${ORDER_NUMBER_PREFIX}-${m[1]}-${m[2]}`;
  return isOrderNumber(candidate) ? candidate : null;
}
