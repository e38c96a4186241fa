import 'server-only';

import PDFDocument from 'pdfkit';

import { isSampleInvoiceNumber } from '@/config/sample-operator';
import { pdfFonts } from '@/server/pdf-fonts';

/**
 * The page both of our accounting documents share — the receipt (render-receipt.ts) and the refund
 * statement (render-refund-statement.ts): A4, the same margins, ink, rules and fonts, the amount
 * box under the addressee, the issuer block with its registration number and the notes at the
 * foot. One place, so that the two documents a member files side by side keep looking alike.
 */

// A4 in points; generous margins so the page survives printing and hole-punching.
export const PAGE = { width: 595.28, height: 841.89 };
export const M = 50;
export const CW = PAGE.width - M * 2;

export const INK = '#1a1a1a';
export const MUTED = '#555555';
export const RULE = '#333333';
export const LIGHT_RULE = '#b8b8b8';
export const FILL = '#f1f3f5';
/** The line height of the notes at the foot. */
export const NOTE_LINE = 13;

/** ¥12,345 */
export function yen(amount: number): string {
  return `¥${amount.toLocaleString('ja-JP')}`;
}

export type Doc = PDFKit.PDFDocument;

export interface PdfPage {
  doc: Doc;
  fonts: ReturnType<typeof pdfFonts>;
  /** The bytes, once `doc.end()` has been called. */
  done: Promise<Buffer>;
  regular: () => Doc;
  bold: () => Doc;
  /** A horizontal rule from (x, y), w long. */
  hline: (x: number, y: number, w: number, width?: number, color?: string) => Doc;
  /** A rectangle's outline in the strong rule, around a table. */
  frame: (x: number, y: number, w: number, h: number) => Doc;
}

/** A one-page A4 document in Noto Sans JP (embedded as a subset), its bytes collected in memory. */
export function openA4Pdf(info: { Title: string; Author: string; Subject: string; CreationDate: Date }): PdfPage {
  const fonts = pdfFonts();
  const doc = new PDFDocument({
    size: 'A4',
    // A small bottom margin: pdfkit starts a new page when text begins below it, and the notes sit low.
    margins: { top: M, left: M, right: M, bottom: 24 },
    bufferPages: true,
    font: fonts.regular,
    lang: 'ja-JP',
    displayTitle: true,
    info,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return {
    doc,
    fonts,
    done,
    regular: () => doc.font(fonts.regular).fillColor(INK),
    bold: () => doc.font(fonts.bold).fillColor(INK),
    hline: (x, y, w, width = 0.4, color = LIGHT_RULE) =>
      doc
        .save()
        .lineWidth(width)
        .strokeColor(color)
        .moveTo(x, y)
        .lineTo(x + w, y)
        .stroke()
        .restore(),
    frame: (x, y, w, h) => doc.save().lineWidth(1).strokeColor(RULE).rect(x, y, w, h).stroke().restore(),
  };
}

/**
 * The shaded box with the amount in large figures, its label (金額, 返金額) on the left and （税込）
 * on the right. Returns the box, for the lines set under it.
 */
export function drawAmountBox(page: PdfPage, y: number, label: { text: string; inset: number }, amountYen: number) {
  const { doc, regular, bold } = page;
  const box = { x: M + 40, w: CW - 80, h: 56 };
  doc.save().rect(box.x, y, box.w, box.h).fillAndStroke(FILL, RULE).restore();
  regular()
    .fontSize(12)
    .text(label.text, box.x + label.inset, y + 20, { lineBreak: false });
  bold()
    .fontSize(28)
    .text(`${yen(amountYen)}-`, box.x, y + 9, { width: box.w, align: 'center', lineBreak: false });
  regular()
    .fontSize(11)
    .text('（税込）', box.x, y + 22, { width: box.w - 16, align: 'right', lineBreak: false });
  return box;
}

export interface PdfIssuer {
  name: string;
  postcode: string;
  address: string;
  phone: string;
  registrationNumber: string;
}

export const SAMPLE_RED = '#c0262d';

/**
 * The issuer (name, address, phone, 登録番号) in a column from (x, y); returns where it ends. An
 * issuer with the sample registration number (src/config/sample-operator.ts: a service whose
 * operator is not configured) makes the document a 見本: the number says so, and a stamp across
 * the page says it is no 適格請求書 (issue 24 §4, docs/decisions/0064).
 */
export function drawIssuer(page: PdfPage, issuer: PdfIssuer, x: number, y: number, width: number): number {
  const { doc, regular, bold } = page;
  const sample = isSampleInvoiceNumber(issuer.registrationNumber);
  if (sample) drawSampleStamp(page);
  bold().fontSize(12).text(issuer.name, x, y, { width });
  regular().fontSize(9);
  doc.text(`〒${issuer.postcode}`, x, doc.y + 2, { width });
  doc.text(issuer.address, x, doc.y, { width });
  doc.text(`TEL ${issuer.phone}`, x, doc.y, { width });
  doc.text(`登録番号 ${issuer.registrationNumber}`, x, doc.y + 2, { width });
  if (sample) regular().fontSize(8).fillColor(SAMPLE_RED).text('（見本用の架空の番号です）', x, doc.y, { width });
  regular();
  return doc.y;
}

/** 見本 across the page in light red, under the text, with the reason under it. */
function drawSampleStamp(page: PdfPage): void {
  const { doc, bold } = page;
  const cx = PAGE.width / 2;
  // over the amount and the issuer, where the page is mostly white (the tables drawn later would hide it)
  const cy = PAGE.height * 0.36;
  doc
    .save()
    .rotate(-30, { origin: [cx, cy] })
    .opacity(0.16);
  bold()
    .fillColor(SAMPLE_RED)
    .fontSize(150)
    .text('見本', cx - 200, cy - 110, { width: 400, align: 'center', lineBreak: false });
  doc.restore();
  bold()
    .fillColor(SAMPLE_RED)
    .fontSize(9)
    .text('見本：運営者の登録番号が設定されていないため、適格請求書としては使えません。', M, 24, { width: CW, lineBreak: false });
}

/** The notes (※ …) at the foot of the page under a light rule, starting no higher than `minTop`. */
export function drawNotes(page: PdfPage, notes: readonly string[], opts: { fontSize: number; minTop?: number }): void {
  const { regular, hline } = page;
  let noteY = Math.max(opts.minTop ?? 0, PAGE.height - 34 - notes.length * NOTE_LINE);
  hline(M, noteY - 8, CW);
  for (const note of notes) {
    regular().fontSize(opts.fontSize).fillColor(MUTED).text(`※ ${note}`, M, noteY, { width: CW, lineBreak: false });
    noteY += NOTE_LINE;
  }
}
