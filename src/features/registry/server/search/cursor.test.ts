import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { SEARCH_MAX_PAGES } from '../../search-rules';
import { type Cursor, decodeCursor, encodeCursor } from './cursor';

const SECRET = 'a-test-secret-of-at-least-32-characters';
const cursor: Cursor = { v: 1, b: 'build1234567', h: 'hash567890123456', s: 1, a: 4242, p: 2, c: 1000, x: true };

/** Re-encodes the payload with one field changed, keeping the old signature (what a visitor can do). */
function edit(raw: string, change: Partial<Cursor>): string {
  const [payload, signature] = raw.split('.') as [string, string];
  const data = { ...(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Cursor), ...change };
  return `${Buffer.from(JSON.stringify(data)).toString('base64url')}.${signature}`;
}

describe('search cursor', () => {
  it('round-trips a cursor it signed', () => {
    const raw = encodeCursor(cursor, SECRET);
    expect(raw).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(decodeCursor(raw, SECRET)).toEqual(cursor);
  });

  it('rejects an edited page number, position or count (the signature no longer matches)', () => {
    const raw = encodeCursor({ ...cursor, p: SEARCH_MAX_PAGES }, SECRET);
    expect(decodeCursor(raw, SECRET)).not.toBeNull();
    expect(decodeCursor(edit(raw, { p: 2 }), SECRET)).toBeNull();
    expect(decodeCursor(edit(raw, { a: 1 }), SECRET)).toBeNull();
    expect(decodeCursor(edit(raw, { c: 5 }), SECRET)).toBeNull();
  });

  it('rejects a cursor signed with another key, an unsigned one, a forged signature and garbage', () => {
    const raw = encodeCursor(cursor, SECRET);
    expect(decodeCursor(raw, `${SECRET}-other`)).toBeNull();
    const [payload, signature] = raw.split('.') as [string, string];
    expect(decodeCursor(payload, SECRET)).toBeNull();
    expect(decodeCursor(`${payload}.`, SECRET)).toBeNull();
    expect(decodeCursor(`${payload}.${signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`, SECRET)).toBeNull();
    expect(decodeCursor(`${raw}.${signature}`, SECRET)).toBeNull();
    expect(decodeCursor('garbage', SECRET)).toBeNull();
  });

  it('refuses to carry, or accept, a page past the depth limit even when signed', () => {
    expect(() => encodeCursor({ ...cursor, p: SEARCH_MAX_PAGES + 1 }, SECRET)).toThrow();
    // Signed by the right key but deeper than any cursor the service issues.
    const deep = Buffer.from(JSON.stringify({ ...cursor, p: SEARCH_MAX_PAGES + 1 })).toString('base64url');
    const signed = `${deep}.${createHmac('sha256', SECRET).update(`search-cursor:v1:${deep}`).digest('base64url')}`;
    expect(decodeCursor(signed, SECRET)).toBeNull();
  });
});
