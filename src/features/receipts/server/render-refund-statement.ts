import 'server-only';

import { formatDateJa } from '@/lib/format';
import { inCpuTurn } from '@/server/cpu-turn';

import { RefundStatementSnapshotSchema, type RefundStatementSnapshot } from '@/features/orders';

import { CW, FILL, M, MUTED, RULE, drawAmountBox, drawIssuer, drawNotes, openA4Pdf, yen } from './pdf-page';

/**
 * The refund statement (返金明細書, 適格返還請求書 — 消費税法第57条の4第3項) of one refund as a
 * one-page A4 PDF, in the receipt's style and fonts (render-receipt.ts). It carries what the law
 * asks of a qualified return invoice (domain.md §2): the issuer's name and registration number,
 * the date of the refund and the date of the original sale (取引年月日), the refunded amount per
 * tax rate with the rate and the tax (10 % part) and the non-taxable Ministry fee part apart, and
 * what the refund is for (the order and its certificates). Pure: same snapshot, same pages.
 */

const ROW = 18;

/** 返還番号 printed on the statement: the refund id's first block, enough for support to find it. */
export function refundStatementNumber(refundId: string): string {
  return `RF-${refundId.slice(0, 8).toUpperCase()}`;
}

/** One render at a time, each in its own turn of the event loop (src/server/cpu-turn.ts), as receipts are. */
export function renderRefundStatement(input: RefundStatementSnapshot, options: { refundedAt: Date; number?: string }): Promise<Buffer> {
  return inCpuTurn(() => renderRefundStatementNow(input, options));
}

async function renderRefundStatementNow(input: RefundStatementSnapshot, options: { refundedAt: Date; number?: string }): Promise<Buffer> {
  const s = RefundStatementSnapshotSchema.parse(input);
  // the sequential number the database gave the refund (RF-2026-000001); the id's short form only without one
  const number = options.number ?? refundStatementNumber(s.refundId);
  const page = openA4Pdf({
    Title: `返金明細書（適格返還請求書） ${number}`,
    Author: s.issuer.name,
    Subject: `${s.addressee.name} ${s.addressee.honorific} 返金額 ${yen(s.amountYen)}`,
    CreationDate: options.refundedAt,
  });
  const { doc, regular, bold, hline, frame } = page;

  // ── Header and title ─────────────────────────────────────────────────────────────
  let y = 40;
  regular().fontSize(10);
  doc.text(`No. ${number}`, M, y, { width: CW, align: 'right', lineBreak: false });
  doc.text(`発行日 ${formatDateJa(options.refundedAt)}`, M, y + 15, { width: CW, align: 'right', lineBreak: false });
  y = 74;
  bold().fontSize(24);
  doc.text('返金明細書', M, y, { width: CW, align: 'center', characterSpacing: 8, lineBreak: false });
  regular().fontSize(11);
  doc.text('（適格返還請求書）', M, y + 32, { width: CW, align: 'center', lineBreak: false });

  // ── Addressee ────────────────────────────────────────────────────────────────────
  y = 140;
  const addresseeWidth = 360;
  // The whole name (up to RECEIPT_ADDRESSEE_MAX_LENGTH), as on the receipt: one line at 16 pt when
  // it fits, otherwise wrapped at the largest size that keeps it above the rule.
  const nameWidth = addresseeWidth - 52;
  let nameSize = 16;
  bold().fontSize(nameSize);
  while (nameSize > 6 && doc.heightOfString(s.addressee.name, { width: nameWidth, lineGap: -1 }) > (nameSize >= 16 ? 24 : 44)) {
    nameSize -= 0.5;
    doc.fontSize(nameSize);
  }
  const nameHeight = doc.heightOfString(s.addressee.name, { width: nameWidth, lineGap: -1 });
  doc.text(s.addressee.name, M + 4, y + 24 - nameHeight, { width: nameWidth, lineGap: -1 });
  regular().fontSize(15);
  doc.text(s.addressee.honorific, M + addresseeWidth - 44, y + 5, { width: 44, align: 'right', lineBreak: false });
  hline(M, y + 28, addresseeWidth, 1, RULE);

  // ── Amount box ───────────────────────────────────────────────────────────────────
  y = 184;
  const box = drawAmountBox(page, y, { text: '返金額', inset: 16 }, s.amountYen);
  regular().fontSize(11.5);
  doc.text('下記のお取引について、上記の金額をご返金いたしました。', box.x + 6, y + box.h + 14, { width: box.w - 12, lineBreak: false });

  // ── Facts (left) and issuer (right) ──────────────────────────────────────────────
  y = 290;
  const factsW = 260;
  const facts: [string, string][] = [
    ['返金日', formatDateJa(options.refundedAt)],
    ['元の取引年月日', formatDateJa(new Date(s.originalTransactionAt))],
    ['ご注文番号', s.orderReference],
    ['返金の種類', s.kind === 'full' ? '全額返金' : '一部返金'],
    ['元の取引金額', `${yen(s.originalTotalYen)}（税込）`],
    ['返金方法', 'クレジットカード（ご利用のカードへ）'],
  ];
  facts.forEach(([label, value], i) => {
    const rowY = y + i * ROW;
    regular().fontSize(8.5).fillColor(MUTED).text(label, M, rowY, { width: 72, lineBreak: false });
    regular()
      .fontSize(value.length > 30 ? 7 : 9)
      .text(value, M + 74, rowY, { width: factsW - 74, lineBreak: false });
    hline(M, rowY + 14, factsW);
  });
  const issuerX = M + CW - 220;
  const issuerW = 220;
  drawIssuer(page, s.issuer, issuerX, y - 2, issuerW);

  // ── What was sold (the returned transaction) ────────────────────────────────────
  y = Math.max(y + facts.length * ROW + 18, doc.y + 14);
  bold().fontSize(11).text('返金の対象となったお取引', M, y, { lineBreak: false });
  y += 18;
  doc.save().rect(M, y, CW, ROW).fill('#e4e7eb').restore();
  bold().fontSize(9);
  doc.text('品目', M + 6, y + 4, { width: CW - 100, lineBreak: false });
  doc.text('数量', M + CW - 90, y + 4, { width: 84, align: 'right', lineBreak: false });
  y += ROW;
  for (const item of s.items) {
    regular().fontSize(9);
    doc.text(`登記事項証明書の取得代行（${item.name}）`, M + 6, y + 4, { width: CW - 100, lineBreak: false, ellipsis: true });
    doc.text(`${item.quantity}通`, M + CW - 90, y + 4, { width: 84, align: 'right', lineBreak: false });
    hline(M, y + ROW, CW);
    y += ROW;
  }
  frame(M, y - ROW * (s.items.length + 1), CW, ROW * (s.items.length + 1));

  // ── The refund per tax rate ──────────────────────────────────────────────────────
  y += 20;
  bold().fontSize(11).text('返金額の内訳（税率ごと）', M, y, { lineBreak: false });
  y += 18;
  const rows: { label: string; value: string; strong?: boolean; group?: boolean }[] = [
    { label: '10%対象（当社手数料・速達料金）', value: '', group: true },
    { label: '　返金額（税込）', value: yen(s.taxableYen) },
    { label: '　うち消費税額（10%）', value: yen(s.taxYen) },
    { label: '　返金額（税抜）', value: yen(s.taxableYen - s.taxYen) },
    { label: '非課税（法務局手数料）', value: '', group: true },
    { label: '　返金額', value: yen(s.nonTaxableYen) },
    { label: '返金額 合計（税込）', value: yen(s.amountYen), strong: true },
  ];
  const tableTop = y;
  for (const row of rows) {
    if (row.group || row.strong) doc.save().rect(M, y, CW, ROW).fill(FILL).restore();
    (row.group || row.strong ? bold() : regular()).fontSize(row.strong ? 10.5 : 9);
    doc.text(row.label, M + 8, y + 4, { width: CW - 160, lineBreak: false });
    doc.text(row.value, M + CW - 150, y + 4, { width: 142, align: 'right', lineBreak: false });
    hline(M, y + ROW, CW);
    y += ROW;
  }
  frame(M, tableTop, CW, y - tableTop);

  if (s.subject) {
    y += 14;
    regular().fontSize(9).fillColor(MUTED).text('対象法人', M, y, { lineBreak: false });
    regular()
      .fontSize(9)
      .text(`${s.subject.companyName}（法人番号 ${s.subject.corporateNumber}）`, M + 60, y, {
        width: CW - 60,
        lineBreak: false,
        ellipsis: true,
      });
  }

  // ── Notes ────────────────────────────────────────────────────────────────────────
  const notes = [
    '本書は適格返還請求書（消費税法第57条の4第3項）です。元のお取引の領収書（適格請求書）とご注文番号で照合できます。',
    '消費税額は本返金の10%対象額から1回だけ計算しています（1円未満切り捨て。最後の返金は残りの税額）。',
    '法務局の証明書手数料は非課税です。',
    'カード会社での返金の反映時期は、ご利用のカード会社により異なります。',
  ];
  drawNotes(page, notes, { fontSize: 8 });

  if (doc.bufferedPageRange().count !== 1) throw new Error(`refund statement ${number} does not fit one page`);
  doc.end();
  return page.done;
}
