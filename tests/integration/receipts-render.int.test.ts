import { describe, expect, it } from 'vitest';

import { RECEIPT_ADDRESSEE_MAX_LENGTH, ReceiptSnapshotSchema } from '@/features/receipts/schemas';
import { renderReceipt } from '@/features/receipts/server/render-receipt';

import { mixedReceiptSnapshot } from '../factories/receipts';
import { pdfInfo, pdfText } from '../support/pdf';

/** Collapses the layout's runs of spaces so assertions read like the printed line. */
function lines(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

describe('renderReceipt', () => {
  it('prints every item a qualified-invoice receipt needs, with the amounts of a mixed order', async () => {
    const pdf = await renderReceipt(mixedReceiptSnapshot(), { reissue: null });
    const text = await pdfText(pdf);
    const l = lines(text);
    const has = (re: RegExp) =>
      expect(
        l.some((line) => re.test(line)),
        `${re} in\n${l.join('\n')}`,
      ).toBe(true);

    has(/^領 収 書$/);
    has(/No\. R-2026-000123/);
    has(/発行日 2026年11月22日/); // 01:30Z = 10:30 in Tokyo
    has(/^株式会社サンプル商事 御中$/);
    has(/^金額 ¥5,360- （税込）$/);
    has(/^但し 登記事項証明書の取得費用として$/);
    has(/^上記正に領収いたしました。$/);
    has(/取引年月日 2026年11月22日/); // 23:10Z on the 21st is the 22nd in Tokyo
    has(/お支払方法 クレジットカード決済/);
    has(/ご注文番号 6f1c2a9e-4b7d-4e21-9a53-0c7d2f8e1b44/);
    // Issuer with registration number (T + 13 digits), from the snapshot.
    has(/株式会社ホウジン（サンプル）$/);
    has(/〒100-0005$/);
    has(/東京都千代田区丸の内一丁目1番1号 サンプルビル10階$/);
    has(/登録番号 T8000000000001$/);
    expect(text).not.toContain('見本');
    // Lines, grouped: 10% first, then the non-taxable Ministry fees.
    has(/^品目 単価（税込） 数量 金額（税込） 税率$/);
    has(/^履歴事項全部証明書（当社手数料） ¥1,000 2 ¥2,000 10%$/);
    has(/^代表者事項証明書（当社手数料） ¥1,000 1 ¥1,000 10%$/);
    has(/^速達料金 ¥880 1 ¥880 10%$/);
    has(/^履歴事項全部証明書（法務局手数料） ¥500 2 ¥1,000 非課税$/);
    has(/^代表者事項証明書（法務局手数料） ¥480 1 ¥480 非課税$/);
    const at = (re: RegExp) => l.findIndex((line) => re.test(line));
    expect(at(/【10%対象】/)).toBeLessThan(at(/速達料金/));
    expect(at(/速達料金/)).toBeLessThan(at(/【非課税（法務局手数料）】/));
    expect(at(/【非課税（法務局手数料）】/)).toBeLessThan(at(/代表者事項証明書（法務局手数料）/));
    // Per-rate totals: tax rounded once on ¥3,880 → 352 (per line it would be 181 + 90 + 80 = 351).
    has(/10%対象 計（税込） ¥3,880$/);
    has(/うち消費税（10%） ¥352$/);
    has(/10%対象 税抜金額 ¥3,528$/);
    has(/非課税 計 ¥1,480$/);
    has(/合計（税込） ¥5,360$/);
    expect(text).not.toContain('¥351');
    has(/対象法人/);
    has(/株式会社テスト工業/);
    has(/法人番号 1234567890123/);
    has(/クレジットカード決済のため収入印紙は不要です。/);
    expect(text).not.toContain('再発行');
    // Every glyph maps back to its character: nothing missing from the embedded subset.
    expect(text).not.toMatch(/[\uFFFD\u25A1]/);
  });

  it('marks a receipt 見本 when the issuer carries the sample registration number (issue 24: the operator is not configured)', async () => {
    for (const registrationNumber of ['T0000000000000', 'T8040001999013']) {
      const snapshot = mixedReceiptSnapshot();
      const pdf = await renderReceipt({ ...snapshot, issuer: { ...snapshot.issuer, registrationNumber } }, { reissue: null });
      expect((await pdfInfo(pdf)).pages).toBe(1);
      const text = (await pdfText(pdf)).replace(/\s+/g, '');
      expect(text).toContain('見本：運営者の登録番号が設定されていないため、適格請求書としては使えません。');
      expect(text).toContain(`登録番号${registrationNumber}`);
      expect(text).toContain('（見本用の架空の番号です）');
      // the receipt itself is all there still
      expect(text).toContain('上記正に領収いたしました。');
    }
  });

  it('marks a re-issue 再発行 with its date and keeps the serial number and amounts', async () => {
    const first = lines(await pdfText(await renderReceipt(mixedReceiptSnapshot(), { reissue: null })));
    const again = lines(await pdfText(await renderReceipt(mixedReceiptSnapshot(), { reissue: { at: new Date('2027-03-01T03:00:00Z') } })));
    expect(again.some((line) => /^再発行/.test(line))).toBe(true);
    expect(again).toContain('※ 本書は再発行です（再発行日 2027年3月1日）。番号・金額は原本と同じです。');
    // Everything the first issue printed is printed again, unchanged (the stamp may share a line).
    for (const line of first)
      expect(
        again.some((other) => other.endsWith(line)),
        line,
      ).toBe(true);
    expect(again.join('\n')).toContain('No. R-2026-000123');
  });

  it('uses 様 for a person and shrinks a long addressee to fit the line', async () => {
    const name = '山田 太郎';
    const person = lines(
      await pdfText(await renderReceipt(mixedReceiptSnapshot({ addressee: { name, honorific: '様' } }), { reissue: null })),
    );
    expect(person).toContain('山田 太郎 様');
    const long = '株式会社サンプルホールディングス・インターナショナル・グループ本社経理部';
    const text = await pdfText(
      await renderReceipt(mixedReceiptSnapshot({ addressee: { name: long, honorific: '御中' } }), { reissue: null }),
    );
    // The honorific stands beside the wrapped name, vertically centred on it: read the name without it.
    expect(text.replace(/\s+/g, '').replace('御中', '')).toContain(long);
    expect(text).toContain('御中');
  });

  it('renders one A4 page with only the subset Noto Sans JP fonts embedded', async () => {
    const pdf = await renderReceipt(mixedReceiptSnapshot(), { reissue: { at: new Date() } });
    const info = await pdfInfo(pdf);
    expect(info.pages).toBe(1);
    expect(info.pageSize.width).toBeCloseTo(595.28, 1); // A4
    expect(info.pageSize.height).toBeCloseTo(841.89, 1);
    expect(info.fonts.sort()).toEqual(['NotoSansJP-Bold', 'NotoSansJP-Regular']);
    expect(info.fontsAllEmbeddedSubsets).toBe(true);
    expect(pdf.length).toBeLessThan(200_000); // a subset, not the 5 MB face
  });

  it('stays on one page with a long order of many lines', async () => {
    const snapshot = mixedReceiptSnapshot();
    const many = Array.from({ length: 12 }, (_, i) => ({
      name: `証明書${i + 1}（当社手数料）`,
      unitPriceYen: 1100,
      quantity: 1,
      amountYen: 1100,
      taxCategory: 'standard10' as const,
    }));
    const pdf = await renderReceipt(
      {
        ...snapshot,
        lines: many,
        taxRates: [{ ratePercent: 10, taxInclusiveTotalYen: 13200, taxYen: 1200, taxExclusiveTotalYen: 12000 }],
        nonTaxableTotalYen: 0,
        totalYen: 13200,
      },
      { reissue: null },
    );
    expect((await pdfInfo(pdf)).pages).toBe(1);
    expect(await pdfText(pdf)).toContain('証明書12（当社手数料）');
  });

  it('refuses to print figures that do not add up', async () => {
    const base = mixedReceiptSnapshot();
    const wrongTotal = { ...base, totalYen: 5361 };
    await expect(renderReceipt(wrongTotal, { reissue: null })).rejects.toThrow();
    const perLineTax = { ...base, taxRates: [{ ratePercent: 10, taxInclusiveTotalYen: 3880, taxYen: 350, taxExclusiveTotalYen: 3530 }] };
    expect(ReceiptSnapshotSchema.safeParse(perLineTax).success).toBe(false);
    const wrongLine = { ...base, lines: base.lines.map((l, i) => (i === 0 ? { ...l, amountYen: 1999 } : l)) };
    expect(ReceiptSnapshotSchema.safeParse(wrongLine).success).toBe(false);
    expect(ReceiptSnapshotSchema.safeParse({ ...base, issuer: { ...base.issuer, registrationNumber: '8040001999013' } }).success).toBe(
      false,
    );
    expect(ReceiptSnapshotSchema.safeParse({ ...base, extra: 1 }).success).toBe(false);
  });
});

describe('the longest addressee (RECEIPT_ADDRESSEE_MAX_LENGTH)', () => {
  const max = RECEIPT_ADDRESSEE_MAX_LENGTH;
  const fill = (unit: string) => unit.repeat(Math.ceil(max / unit.length)).slice(0, max);
  const names = {
    // Full-width ideographs: the widest common glyphs.
    kanji: fill('鬱'),
    // Latin capitals without a break opportunity: wrapped only where a line is full.
    latin: fill('W'),
    // What members really type: a long registered name, a department and a person, with spaces.
    realistic: fill('特定非営利活動法人日本国際文化交流推進協会 東京本部 総務部経理課 International Relations '),
  };

  it.each(Object.entries(names))('prints a %s name of the maximum length in full, on the one page', async (_kind, name) => {
    expect(name).toHaveLength(max);
    const pdf = await renderReceipt(mixedReceiptSnapshot({ addressee: { name, honorific: '御中' } }), { reissue: null });
    expect((await pdfInfo(pdf)).pages).toBe(1);
    // Not cut (the renderer only shortens text beyond any accepted length); 御中 stands beside the
    // wrapped lines, so the text reader may place it between them.
    const text = (await pdfText(pdf)).replace(/\s+/g, '');
    expect(text.replace('御中', '')).toContain(name.replace(/\s+/g, ''));
    expect(text).toContain('御中');
    if (process.env.RECEIPT_PNG_DIR) {
      const { writeFile } = await import('node:fs/promises');
      await writeFile(`${process.env.RECEIPT_PNG_DIR}/addressee-${_kind}.pdf`, pdf);
    }
  });

  it('refuses a stored addressee longer than the limit', () => {
    const snapshot = mixedReceiptSnapshot({ addressee: { name: 'あ'.repeat(max + 1), honorific: '様' } });
    expect(ReceiptSnapshotSchema.safeParse(snapshot).success).toBe(false);
  });
});
