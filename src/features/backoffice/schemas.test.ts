import { describe, expect, it } from 'vitest';

import {
  DestinationCorrectionBodySchema,
  FulfilmentBodySchema,
  NoticeCreateBodySchema,
  OrderNoteBodySchema,
  OrderQueueQuerySchema,
  RefundBodySchema,
  decodeQueueCursor,
  encodeQueueCursor,
} from './schemas';

describe('RefundBodySchema (the amount a manager types)', () => {
  it('reads amounts as people type them: full-width, commas, 円', () => {
    // idempotencyKey: the form's key for the refund (0058), required
    const idempotencyKey = '0b9c6f4e-2f3a-4c55-8d2e-1a2b3c4d5e6f';
    expect(RefundBodySchema.parse({ amountYen: '１，０００円', reason: '一部発行不可', idempotencyKey }).amountYen).toBe(1000);
    expect(RefundBodySchema.parse({ amountYen: ' 550 ', reason: 'x', idempotencyKey }).amountYen).toBe(550);
    expect(RefundBodySchema.parse({ amountYen: 550, reason: 'x', idempotencyKey }).amountYen).toBe(550);
    expect(RefundBodySchema.safeParse({ amountYen: 550, reason: 'x' }).success).toBe(false);
  });

  it('does not read "1e3", "0x10" or "0b11" as a number (JavaScript would: 1000, 16, 3)', () => {
    for (const amountYen of ['1e3', '0x10', '0b11', '1_000', 'Infinity']) {
      const r = RefundBodySchema.safeParse({ amountYen, reason: 'x' });
      expect(r.success, amountYen).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('返金額を半角数字で入力してください。');
    }
    const fee = RefundBodySchema.safeParse({ amountYen: '500', reason: 'x', ministryFeeYen: '5e2' });
    expect(fee.success).toBe(false);
  });

  it('keeps its own messages for a decimal, a negative and a blank amount', () => {
    expect(RefundBodySchema.safeParse({ amountYen: '1.5', reason: 'x' }).error?.issues[0]?.message).toBe(
      '返金額は1円単位の整数で入力してください。',
    );
    expect(RefundBodySchema.safeParse({ amountYen: '-5', reason: 'x' }).error?.issues[0]?.message).toBe(
      '返金額は0円以上で入力してください。',
    );
    expect(RefundBodySchema.safeParse({ amountYen: '', reason: 'x' }).error?.issues[0]?.message).toBe(
      '返金額は1円以上で入力してください。',
    );
  });
});

describe('free text in the back office', () => {
  it('refuses a lone surrogate (PostgreSQL cannot store it) with a Japanese message', () => {
    const r = OrderNoteBodySchema.safeParse({ note: 'メモ\ud800' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/^メモに使用できない文字/);
    expect(OrderNoteBodySchema.parse({ note: '<script>alert(1)</script> 😀𠮷\n二行目' }).note).toContain('😀𠮷');
  });
});

describe('notice dates', () => {
  it('refuses year 0000 (an instant PostgreSQL cannot read) as a malformed date', () => {
    const r = NoticeCreateBodySchema.safeParse({ title: 't', body: 'b', publishFrom: '0000-01-01T00:00' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['publishFrom']);
  });
});

describe('prose kept as typed (issue 24, decision 0066)', () => {
  it('keeps full-width brackets and letters in a notice, a refund reason and a note; still refuses control characters', () => {
    const notice = NoticeCreateBodySchema.parse({
      title: '（重要）メンテナンスのお知らせ',
      body: '【１２月】ＰＤＦ版を掲載しました。\n（詳細）',
    });
    expect(notice.title).toBe('（重要）メンテナンスのお知らせ');
    expect(notice.body).toBe('【１２月】ＰＤＦ版を掲載しました。\n（詳細）');
    expect(
      RefundBodySchema.parse({ amountYen: '550', reason: '（一部）発行不可のため', idempotencyKey: '0b9c6f4e-2f3a-4c55-8d2e-1a2b3c4d5e6f' })
        .reason,
    ).toBe('（一部）発行不可のため');
    expect(OrderNoteBodySchema.parse({ note: '　（電話済）ｶﾅ　' }).note).toBe('（電話済）ｶﾅ');
    expect(NoticeCreateBodySchema.safeParse({ title: '（重要）\u0007', body: 'b' }).success).toBe(false);
    expect(
      RefundBodySchema.safeParse({ amountYen: '550', reason: '理由\n二行', idempotencyKey: '0b9c6f4e-2f3a-4c55-8d2e-1a2b3c4d5e6f' })
        .success,
    ).toBe(false);
  });

  it('normalises a code typed from another system (申請番号): full-width digits are the same number', () => {
    const r = FulfilmentBodySchema.parse({ to: 'requested', expectedFrom: 'accepted', applicationNumber: '１２３－４５' });
    expect(r.applicationNumber).toBe('123-45');
  });
});

describe('the order queue’s cursor (decision 0069)', () => {
  it('round-trips the four keys of the queue order through the query schema', () => {
    const cursor = { express: true, dueDate: '2031-02-10', paidAt: '2025-04-01T05:00:00.000Z', id: '0b9c6f4e-2f3a-4c55-8d2e-1a2b3c4d5e6f' };
    const after = encodeQueueCursor(cursor);
    expect(OrderQueueQuerySchema.parse({ after }).after).toBe(after);
    expect(decodeQueueCursor(after)).toEqual(cursor);
    expect(decodeQueueCursor(encodeQueueCursor({ ...cursor, express: false }))?.express).toBe(false);
  });

  it('reads the earlier paidAt_id form as no cursor (the first page)', () => {
    const old = '2025-04-01T05:00:00.000Z_0b9c6f4e-2f3a-4c55-8d2e-1a2b3c4d5e6f';
    expect(OrderQueueQuerySchema.parse({ after: old }).after).toBeUndefined();
    expect(decodeQueueCursor(old)).toBeUndefined();
  });
});

describe('DestinationCorrectionBodySchema (the order form’s address rules, decision 0069)', () => {
  const ok = {
    recipient: '佐藤 花子',
    destinationZipCode: '530-0001',
    destinationPrefecture: '大阪府',
    destinationCity: '大阪市北区',
    destinationStreet: '梅田1-1-1',
  };
  it('normalises as the order form does and takes no 領収書の宛名', () => {
    expect(DestinationCorrectionBodySchema.parse(ok)).toEqual({ ...ok, destinationZipCode: '5300001', destinationApartmentEtc: '' });
    expect(DestinationCorrectionBodySchema.safeParse({ ...ok, receiptRecipient: '株式会社' }).success).toBe(false);
  });
  it('refuses an unknown prefecture and emoji with the form’s messages', () => {
    const r = DestinationCorrectionBodySchema.safeParse({ ...ok, destinationPrefecture: '大阪', destinationCity: '大阪市😀' });
    const messages = Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
    expect(messages.destinationPrefecture).toBe('都道府県を選択してください。');
    expect(messages.destinationCity).toBeTruthy();
  });
});
