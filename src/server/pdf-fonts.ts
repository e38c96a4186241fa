import 'server-only';

import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The fonts PDFs embed (receipts): Noto Sans JP Regular and Bold, the unmodified TrueType files of
 * the Noto Sans JP 2.004 release, committed in assets/fonts/ with their licence (SIL OFL 1.1,
 * assets/fonts/OFL.txt; provenance and checksums in assets/fonts/README.md). The one place that
 * says where they are.
 *
 * Whole fonts, not subsets: a 宛名 or 商号 may use any of the 16,732 characters Noto Sans JP
 * covers (髙, 﨑, …), and pdfkit/fontkit embeds only the glyphs a document uses (~30 KB per weight
 * in a receipt), so the 5.2 MB per file costs disk only, never download size.
 */

export const PDF_FONT_DIR = path.join('assets', 'fonts');

const FILES = { regular: 'NotoSansJP-Regular.ttf', bold: 'NotoSansJP-Bold.ttf' } as const;

export type PdfFontWeight = keyof typeof FILES;

/** Finds assets/fonts from the working directory up (the app, tests and scripts run from the repository). */
export function findPdfFontDir(start: string = process.cwd()): string {
  // turbopackIgnore: a run-time path, like db/migrations; the files are not bundled.
  for (let dir = path.resolve(/*turbopackIgnore: true*/ start); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, PDF_FONT_DIR);
    if (existsSync(path.join(candidate, FILES.regular))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`PDF fonts not found: ${PDF_FONT_DIR}/${FILES.regular}`);
  }
}

let resolved: Record<PdfFontWeight, string> | undefined;

/** Absolute paths of the TTF files, for pdfkit's `doc.font(path)`. */
export function pdfFonts(): Record<PdfFontWeight, string> {
  if (!resolved) {
    const dir = findPdfFontDir();
    // turbopackIgnore: run-time paths handed to pdfkit (a server external package), not bundled.
    resolved = {
      regular: path.join(/*turbopackIgnore: true*/ dir, FILES.regular),
      bold: path.join(/*turbopackIgnore: true*/ dir, FILES.bold),
    };
  }
  return resolved;
}
