import { describe, expect, it } from 'vitest';

import { PublishNoticeArgsSchema } from './schemas';

describe('PublishNoticeArgsSchema', () => {
  it('takes a one-line title and a multi-line body without control characters (src/lib/plain-text.ts)', () => {
    expect(PublishNoticeArgsSchema.safeParse({ title: 'お知らせ', body: '一行目\n二行目' }).success).toBe(true);
    expect(PublishNoticeArgsSchema.safeParse({ title: 'お知\nらせ', body: '本文' }).success).toBe(false);
    expect(PublishNoticeArgsSchema.safeParse({ title: 'お知らせ', body: '本\u001b文' }).success).toBe(false);
    expect(PublishNoticeArgsSchema.safeParse({ title: 'お知らせ', body: '本文', name: 'a\u0000.pdf' }).success).toBe(false);
  });
});
