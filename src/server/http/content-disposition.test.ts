import { describe, expect, it } from 'vitest';

import { contentDisposition } from './content-disposition';

describe('contentDisposition', () => {
  it('offers the Japanese name as UTF-8 and an ASCII fallback', () => {
    expect(contentDisposition('領収書 2026.pdf')).toBe(
      `attachment; filename="___ 2026.pdf"; filename*=UTF-8''%E9%A0%98%E5%8F%8E%E6%9B%B8%202026.pdf`,
    );
  });

  it('cannot be used to inject header parameters', () => {
    const value = contentDisposition('a";\r\nSet-Cookie: x=1.pdf', 'inline');
    expect(value).not.toMatch(/[\r\n]/);
    expect(value.startsWith('inline; filename="a_;__Set-Cookie: x=1.pdf"')).toBe(true);
  });
});

describe('contentDisposition with a named ASCII fallback (receipts)', () => {
  it('gives the named ASCII fallback and the UTF-8 name percent-encoded (RFC 5987)', () => {
    expect(contentDisposition('領収書_R-2026-000001.pdf', 'inline', 'receipt-R-2026-000001.pdf')).toBe(
      'inline; filename="receipt-R-2026-000001.pdf"; filename*=UTF-8\'\'%E9%A0%98%E5%8F%8E%E6%9B%B8_R-2026-000001.pdf',
    );
    expect(contentDisposition("a'(b)*.pdf", 'inline', 'a"b\\.pdf')).toBe(
      'inline; filename="a_b_.pdf"; filename*=UTF-8\'\'a%27%28b%29%2A.pdf',
    );
  });
});
