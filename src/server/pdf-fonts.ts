import 'server-only';

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

/**
 * The fonts PDFs embed (receipts, refund statements): Noto Sans JP Regular and Bold, the
 * unmodified TrueType files of the Noto Sans JP 2.004 release, committed gzip-compressed in
 * assets/fonts/ with their licence (SIL OFL 1.1, assets/fonts/OFL.txt; provenance and checksums
 * in assets/fonts/README.md). The one place that says where they are.
 *
 * Whole fonts, not subsets: a 宛名 or 商号 may use any of the 16,732 characters Noto Sans JP
 * covers (髙, 﨑, …), and pdfkit/fontkit embeds only the glyphs a document uses (~30 KB per weight
 * in a receipt). Stored compressed (3.1 MB instead of 5.2 MB each) and unpacked once per process
 * into a cache folder named after the compressed file's hash, because pdfkit reads fonts by path.
 */

export const PDF_FONT_DIR = path.join('assets', 'fonts');

const FILES = { regular: 'NotoSansJP-Regular.ttf', bold: 'NotoSansJP-Bold.ttf' } as const;

export type PdfFontWeight = keyof typeof FILES;

/** Finds assets/fonts from the working directory up (the app, tests and scripts run from the repository). */
export function findPdfFontDir(start: string = process.cwd()): string {
  // turbopackIgnore: a run-time path, like db/migrations; the files are not bundled.
  for (let dir = path.resolve(/*turbopackIgnore: true*/ start); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, PDF_FONT_DIR);
    if (existsSync(path.join(candidate, `${FILES.regular}.gz`))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`PDF fonts not found: ${PDF_FONT_DIR}/${FILES.regular}.gz`);
  }
}

/** The TrueType file unpacked from `<name>.gz`; an existing copy of the same archive is reused. */
function unpacked(dir: string, name: string): string {
  const archive = readFileSync(path.join(/*turbopackIgnore: true*/ dir, `${name}.gz`));
  const digest = createHash('sha256').update(archive).digest('hex').slice(0, 16);
  const cacheDir = path.join(os.tmpdir(), `hojin-pdf-fonts-${digest}`);
  const file = path.join(cacheDir, name);
  if (!existsSync(file)) {
    mkdirSync(cacheDir, { recursive: true });
    // Written beside and renamed: another process reading the path never sees half a font.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, gunzipSync(archive));
    renameSync(partial, file);
  }
  return file;
}

let resolved: Record<PdfFontWeight, string> | undefined;

/** Absolute paths of the TTF files, for pdfkit's `doc.font(path)`. */
export function pdfFonts(): Record<PdfFontWeight, string> {
  if (!resolved) {
    const dir = findPdfFontDir();
    resolved = { regular: unpacked(dir, FILES.regular), bold: unpacked(dir, FILES.bold) };
  }
  return resolved;
}
