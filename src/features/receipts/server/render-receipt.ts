import 'server-only';

import { formatDateJa } from '@/lib/format';
import { inCpuTurn } from '@/server/cpu-turn';

import type { ReceiptReissueReason } from '../constants';
import { ReceiptSnapshotSchema, type ReceiptLine, type ReceiptSnapshot } from '../schemas';

import { CW, FILL, M, MUTED, NOTE_LINE, PAGE, RULE, drawAmountBox, drawIssuer, drawNotes, openA4Pdf, yen, type Doc } from './pdf-page';

/**
 * The receipt (領収書) as a one-page A4 PDF, laid out like the paper receipts Japanese
 * accountants file, and carrying every item a qualified invoice (適格請求書) needs
 * (domain.md §5; 消費税法 57条の4): issuer name and registration number, transaction date,
 * items, the amount per tax rate with the rate and the tax (rounded once per rate), the
 * non-taxable Ministry fee listed apart, and the addressee.
 *
 * Pure: the same snapshot and options give the same pages. The snapshot is validated again here
 * because a receipt with figures that do not add up must never be printed.
 *
 * Fonts: Noto Sans JP Regular and Bold (SIL OFL) from assets/fonts (src/server/pdf-fonts.ts), read
 * at run time (pdfkit is a server external package) and embedded as a subset by pdfkit/fontkit, so
 * the file carries only the glyphs it uses (~30 KB instead of 5 MB per weight).
 */

export interface RenderReceiptOptions {
  /**
   * Set for a re-issue (docs/decisions/0024): the page is marked 再発行 with the re-issue date and,
   * after an addressee correction, says so. Null for the original (原本), however often printed.
   */
  reissue: { at: Date; reason?: ReceiptReissueReason } | null;
}

const STAMP_RED = '#c0262d';
const SUMMARY_ROW = 17;

/** One render at a time, each in its own turn of the event loop (src/server/cpu-turn.ts). */
export function renderReceipt(input: ReceiptSnapshot, options: RenderReceiptOptions): Promise<Buffer> {
  return inCpuTurn(() => renderReceiptNow(input, options));
}

async function renderReceiptNow(input: ReceiptSnapshot, options: RenderReceiptOptions): Promise<Buffer> {
  const r = ReceiptSnapshotSchema.parse(input);
  const issuedAt = new Date(r.issuedAt);
  const page = openA4Pdf({
    Title: `領収書 ${r.serialNumber}${options.reissue ? '（再発行）' : ''}`,
    Author: r.issuer.name,
    Subject: `${r.addressee.name} ${r.addressee.honorific} ${yen(r.totalYen)}-`,
    // Fixed to the first issue so the bytes do not depend on the clock more than the content does.
    CreationDate: options.reissue?.at ?? issuedAt,
  });
  const { doc, fonts: RECEIPT_FONTS, regular, bold, hline, frame } = page;

  // ── Header: 再発行 stamp (left), No. and 発行日 (right) ─────────────────────────────
  let y = 40;
  if (options.reissue) {
    doc
      .save()
      .lineWidth(1.6)
      .strokeColor(STAMP_RED)
      .roundedRect(M, y - 2, 78, 28, 3)
      .stroke()
      .restore();
    bold()
      .fillColor(STAMP_RED)
      .fontSize(15)
      .text('再発行', M, y + 2, { width: 78, align: 'center', lineBreak: false });
  }
  regular().fontSize(10);
  doc.text(`No. ${r.serialNumber}`, M, y, { width: CW, align: 'right', lineBreak: false });
  doc.text(`発行日 ${formatDateJa(issuedAt)}`, M, y + 15, { width: CW, align: 'right', lineBreak: false });

  // ── Title ─────────────────────────────────────────────────────────────────────────
  y = 74;
  bold().fontSize(26);
  // Wide letter spacing as on printed receipts; a PDF reader reads it back as 「領 収 書」.
  doc.text('領収書', M, y, { width: CW, align: 'center', characterSpacing: 14, lineBreak: false });
  const titleRule = { x: PAGE.width / 2 - 95, w: 190, y: y + 40 };
  doc.save().lineWidth(1.2).strokeColor(RULE);
  doc
    .moveTo(titleRule.x, titleRule.y)
    .lineTo(titleRule.x + titleRule.w, titleRule.y)
    .stroke();
  doc
    .moveTo(titleRule.x, titleRule.y + 3)
    .lineTo(titleRule.x + titleRule.w, titleRule.y + 3)
    .stroke();
  doc.restore();

  // ── Addressee (宛名) ───────────────────────────────────────────────────────────────
  y = 134;
  const addresseeWidth = 360;
  const honorificWidth = 44;
  const nameWidth = addresseeWidth - honorificWidth - 8;
  const nameSize = fitFontSize(doc, RECEIPT_FONTS.bold, r.addressee.name, nameWidth, 17, 11);
  bold().fontSize(nameSize);
  if (doc.widthOfString(r.addressee.name) <= nameWidth) {
    doc.text(r.addressee.name, M + 4, y + (17 - nameSize) * 0.9, { width: nameWidth, lineBreak: false });
  } else {
    // A long name (up to RECEIPT_ADDRESSEE_MAX_LENGTH) wraps, in full, onto the lines that fit
    // between the title's double rule and the 宛名 rule, at the largest size that fits there.
    const box = { top: titleRule.y + 6, bottom: y + 25 };
    const block = fitWrapped(doc, RECEIPT_FONTS.bold, r.addressee.name, nameWidth, box.bottom - box.top);
    doc.font(RECEIPT_FONTS.bold).fontSize(block.size);
    doc.text(r.addressee.name, M + 4, box.bottom - block.height, {
      width: nameWidth,
      lineGap: ADDRESSEE_LINE_GAP,
      // Only reached by a name far beyond the limit (never accepted): cut rather than fail.
      ...(block.fits ? {} : { height: box.bottom - box.top, ellipsis: true }),
    });
  }
  regular().fontSize(15);
  doc.text(r.addressee.honorific, M + addresseeWidth - honorificWidth, y + 1, { width: honorificWidth, align: 'right', lineBreak: false });
  hline(M, y + 28, addresseeWidth, 1, RULE);

  // ── Amount box ─────────────────────────────────────────────────────────────────────
  y = 178;
  const box = drawAmountBox(page, y, { text: '金額', inset: 18 }, r.totalYen);

  // ── 但し書き and the receipt statement ─────────────────────────────────────────────
  y = 250;
  regular().fontSize(11.5);
  doc.text(`但し　${r.proviso}`, box.x + 6, y, { width: box.w - 12, lineBreak: false });
  hline(box.x, y + 19, box.w, 0.7, RULE);
  doc.text('上記正に領収いたしました。', box.x + 6, y + 30, { width: box.w - 12, lineBreak: false });

  // ── Transaction facts (left) and issuer (right) ────────────────────────────────────
  y = 316;
  const factsW = 250;
  const facts: [string, string][] = [
    ['取引年月日', formatDateJa(new Date(r.transactionAt))],
    ['お支払方法', r.paymentMethod],
    ['ご注文番号', r.orderReference],
  ];
  facts.forEach(([label, value], i) => {
    const rowY = y + i * 18;
    regular().fontSize(9).fillColor(MUTED).text(label, M, rowY, { width: 62, lineBreak: false });
    const size = fitFontSize(doc, RECEIPT_FONTS.regular, value, factsW - 66, 9, 6.5);
    regular()
      .fontSize(size)
      .text(value, M + 64, rowY + (9 - size) * 0.8, { width: factsW - 64, lineBreak: false });
    hline(M, rowY + 14, factsW);
  });

  const issuerX = M + CW - 230;
  const issuerW = 230;
  const issuerBottom = drawIssuer(page, r.issuer, issuerX, y - 2, issuerW);

  // ── Breakdown (内訳): 10%対象 and 非課税 in separate groups ─────────────────────────
  y = Math.max(y + facts.length * 18 + 16, issuerBottom + 12);
  bold().fontSize(11).text('内訳', M, y, { lineBreak: false });
  y += 18;
  const cols = [
    { title: '品目', w: 231, align: 'left' as const },
    { title: '単価（税込）', w: 78, align: 'right' as const },
    { title: '数量', w: 42, align: 'right' as const },
    { title: '金額（税込）', w: 84, align: 'right' as const },
    { title: '税率', w: CW - 231 - 78 - 42 - 84, align: 'center' as const },
  ];
  const standard = r.lines.filter((l) => l.taxCategory === 'standard10');
  const nonTaxable = r.lines.filter((l) => l.taxCategory === 'nonTaxable');
  const groups = [
    { heading: '10%対象', lines: standard },
    { heading: '非課税（法務局手数料）', lines: nonTaxable },
  ].filter((g) => g.lines.length > 0);
  const rowCount = groups.reduce((n, g) => n + g.lines.length + 1, 0);
  // Keep everything on one page: rows shrink a little for unusually long orders.
  const notesHeight = 5 * NOTE_LINE + 14;
  const summaryHeight = (r.taxRates.length * 3 + 2) * SUMMARY_ROW + 16;
  const tableBottom = PAGE.height - 30 - notesHeight - summaryHeight;
  const rowH = Math.max(12, Math.min(19, (tableBottom - y) / (rowCount + 1)));
  const fontSize = rowH < 15 ? 8 : 9;

  const drawRow = (cells: string[], rowY: number, opts: { header?: boolean; group?: boolean } = {}) => {
    if (opts.header) doc.save().rect(M, rowY, CW, rowH).fill('#e4e7eb').restore();
    if (opts.group) doc.save().rect(M, rowY, CW, rowH).fill(FILL).restore();
    let x = M;
    cells.forEach((cell, i) => {
      const col = cols[i];
      if (!col) return;
      (opts.header || opts.group ? bold() : regular()).fontSize(fontSize);
      doc.text(cell, x + 5, rowY + (rowH - fontSize * 1.45) / 2, { width: col.w - 10, align: col.align, lineBreak: false, ellipsis: true });
      x += col.w;
    });
    hline(M, rowY + rowH, CW);
  };

  drawRow(
    cols.map((c) => c.title),
    y,
    { header: true },
  );
  y += rowH;
  const rateLabel = (l: ReceiptLine) => (l.taxCategory === 'standard10' ? '10%' : '非課税');
  for (const group of groups) {
    drawRow([`【${group.heading}】`, '', '', '', ''], y, { group: true });
    y += rowH;
    for (const line of group.lines) {
      drawRow([line.name, yen(line.unitPriceYen), String(line.quantity), yen(line.amountYen), rateLabel(line)], y);
      y += rowH;
    }
  }
  frame(M, y - rowH * (rowCount + 1), CW, rowH * (rowCount + 1));

  // ── Totals per rate (qualified-invoice summary) ───────────────────────────────────
  y += 12;
  const sumX = M + CW - 270;
  const sumW = 270;
  const summary: { label: string; value: string; strong?: boolean }[] = [];
  for (const rate of r.taxRates) {
    summary.push({ label: `${rate.ratePercent}%対象 計（税込）`, value: yen(rate.taxInclusiveTotalYen) });
    summary.push({ label: `　うち消費税（${rate.ratePercent}%）`, value: yen(rate.taxYen) });
    summary.push({ label: `　${rate.ratePercent}%対象 税抜金額`, value: yen(rate.taxExclusiveTotalYen) });
  }
  summary.push({ label: '非課税 計', value: yen(r.nonTaxableTotalYen) });
  summary.push({ label: '合計（税込）', value: yen(r.totalYen), strong: true });
  const sumTop = y;
  summary.forEach((row, i) => {
    const rowY = y + i * SUMMARY_ROW;
    if (row.strong)
      doc
        .save()
        .rect(sumX, rowY - 1, sumW, SUMMARY_ROW + 2)
        .fill(FILL)
        .restore();
    (row.strong ? bold() : regular()).fontSize(row.strong ? 10.5 : 9);
    doc.text(row.label, sumX + 8, rowY + 3, { width: 160, lineBreak: false });
    doc.text(row.value, sumX + 160, rowY + 3, { width: sumW - 168, align: 'right', lineBreak: false });
    if (!row.strong) hline(sumX, rowY + SUMMARY_ROW - 1, sumW);
  });
  y = sumTop + summary.length * SUMMARY_ROW + 2;
  frame(sumX, sumTop - 1, sumW, y - sumTop + 1);

  if (r.subject) {
    regular()
      .fontSize(9)
      .fillColor(MUTED)
      .text('対象法人', M, sumTop + 3, { lineBreak: false });
    regular()
      .fontSize(9)
      .text(r.subject.companyName, M, sumTop + 17, { width: CW - sumW - 24 });
    regular()
      .fontSize(9)
      .text(`法人番号 ${r.subject.corporateNumber}`, M, doc.y + 1, { width: CW - sumW - 24, lineBreak: false });
  }

  // ── Notes (bottom) ────────────────────────────────────────────────────────────────
  const notes = [
    '本書は適格請求書（インボイス）を兼ねています。',
    `消費税額は税率ごとの合計金額から1回だけ計算しています（1円未満切り捨て）。`,
    '法務局の証明書手数料は非課税です。',
    // 印紙税法: a receipt for a credit-card payment is not a 金銭の受取書 (the card company pays
    // us), and an electronically delivered receipt is not a taxable 文書 either.
    'クレジットカード決済のため収入印紙は不要です。',
  ];
  if (options.reissue?.reason === 'addressee_corrected') {
    notes.push(`本書は宛名の訂正による再発行です（再発行日 ${formatDateJa(options.reissue.at)}）。訂正前の領収書は無効です。`);
  } else if (options.reissue) {
    notes.push(`本書は再発行です（再発行日 ${formatDateJa(options.reissue.at)}）。番号・金額は原本と同じです。`);
  }
  drawNotes(page, notes, { fontSize: 8.5, minTop: y + 20 });

  // The layout is budgeted for one page; a second page would be a receipt split in two.
  if (doc.bufferedPageRange().count !== 1) throw new Error(`receipt ${r.serialNumber} does not fit one page`);
  doc.end();
  return page.done;
}

const ADDRESSEE_LINE_GAP = -1;
const WRAPPED_ADDRESSEE_SIZES = { max: 10.5, min: 6 };

/**
 * The largest size at which `text`, wrapped to `width`, is at most `height` tall. `fits: false`
 * (at the smallest size) only for text far longer than any field accepts.
 */
function fitWrapped(doc: Doc, font: string, text: string, width: number, height: number) {
  doc.font(font);
  let size = WRAPPED_ADDRESSEE_SIZES.max;
  for (; size >= WRAPPED_ADDRESSEE_SIZES.min; size -= 0.5) {
    doc.fontSize(size);
    const needed = doc.heightOfString(text, { width, lineGap: ADDRESSEE_LINE_GAP });
    if (needed <= height) return { size, height: needed, fits: true };
  }
  return { size: WRAPPED_ADDRESSEE_SIZES.min, height, fits: false };
}

/** The largest size ≤ max (down to min) at which `text` fits `width` in `font`. */
function fitFontSize(doc: Doc, font: string, text: string, width: number, max: number, min: number): number {
  doc.font(font);
  for (let size = max; size > min; size -= 0.5) {
    doc.fontSize(size);
    if (doc.widthOfString(text) <= width) return size;
  }
  return min;
}
