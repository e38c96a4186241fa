import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';

/**
 * Reads a generated PDF back the way a reader's software would — text through the fonts'
 * ToUnicode maps, page boxes, font resources — so tests assert on what is printed, not on how we
 * drew it. pdf.js (Mozilla's reader, pure JavaScript) instead of poppler's command-line tools:
 * `npm test` on a fresh machine needs no system package for it.
 */
async function open<T>(pdf: Buffer, fn: (doc: PDFDocumentProxy) => Promise<T>): Promise<T> {
  // pdf.js may detach the buffer it is given: hand it a copy.
  const task = getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false, useSystemFonts: false });
  const doc = await task.promise;
  try {
    return await fn(doc);
  } finally {
    await task.destroy();
  }
}

async function eachPage<T>(doc: PDFDocumentProxy, fn: (page: PDFPageProxy) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let n = 1; n <= doc.numPages; n++) out.push(await fn(await doc.getPage(n)));
  return out;
}

interface Run {
  text: string;
  x: number;
  right: number;
  /** Vertical middle of the glyph box; runs of different sizes printed side by side share it. */
  middle: number;
  size: number;
}

/**
 * One page's text as printed lines, top to bottom, left to right. Runs whose vertical middles lie
 * within half the smaller font size of each other are one line (a 28 pt amount and the 11 pt
 * （税込） beside it read as one line; two 9 pt lines 13 pt apart do not). Within a line a gap wider
 * than a sixth of the font size is a space, as a reader would see it.
 */
function pageLines(items: TextItem[]): string[] {
  const runs: Run[] = items
    .filter((item) => item.str.trim() !== '')
    .map((item) => {
      const size = Math.hypot(item.transform[2] ?? 0, item.transform[3] ?? 0);
      const x = item.transform[4] ?? 0;
      return { text: item.str, x, right: x + item.width, middle: (item.transform[5] ?? 0) + size * 0.35, size };
    })
    .sort((a, b) => b.middle - a.middle || a.x - b.x);
  const lines: Run[][] = [];
  for (const run of runs) {
    const line = lines.at(-1);
    const first = line?.[0];
    if (line && first && Math.abs(first.middle - run.middle) <= Math.min(first.size, run.size) / 2) line.push(run);
    else lines.push([run]);
  }
  return lines.map((line) => {
    line.sort((a, b) => a.x - b.x);
    let text = '';
    let end = -Infinity;
    for (const run of line) {
      if (text !== '' && run.x - end > run.size / 6) text += ' ';
      text += run.text;
      end = run.right;
    }
    return text.trim();
  });
}

/** The printed text, one line per printed line, pages separated by a form feed. */
export function pdfText(pdf: Buffer): Promise<string> {
  return open(pdf, async (doc) => {
    const pages = await eachPage(doc, async (page) => {
      const content = await page.getTextContent();
      return pageLines(content.items.filter((item): item is TextItem => 'str' in item)).join('\n');
    });
    return pages.join('\n\f');
  });
}

export interface PdfInfo {
  pages: number;
  /** The first page's media box in points (A4 is 595.28 × 841.89). */
  pageSize: { width: number; height: number };
  /** Base font names without the subset tag (ABCDEF+), one per font resource used. */
  fonts: string[];
  /** Every font used carries its font program in the file and is a subset (tagged name). */
  fontsAllEmbeddedSubsets: boolean;
}

/** A subset font's name starts with six capital letters and a plus (PDF 32000-1 §9.6.4). */
const SUBSET_TAG = /^[A-Z]{6}\+/;

interface LoadedFont {
  name: string;
  /** pdf.js sets this when the font dictionary has no FontFile/FontFile2/FontFile3 stream. */
  missingFile: boolean;
}

export function pdfInfo(pdf: Buffer): Promise<PdfInfo> {
  return open(pdf, async (doc) => {
    const first = await doc.getPage(1);
    const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = first.view;
    const fonts = new Map<string, LoadedFont>();
    await eachPage(doc, async (page) => {
      // Parsing the page loads each font it uses into commonObjs, keyed by the ids the text
      // content refers to; the loaded font knows its PDF name and whether its program was embedded.
      await page.getOperatorList();
      const content = await page.getTextContent();
      for (const item of content.items) {
        if (!('fontName' in item) || fonts.has(item.fontName)) continue;
        fonts.set(item.fontName, page.commonObjs.get(item.fontName) as LoadedFont);
      }
    });
    const loaded = [...fonts.values()];
    return {
      pages: doc.numPages,
      pageSize: { width: x1 - x0, height: y1 - y0 },
      fonts: [...new Set(loaded.map((f) => f.name.replace(SUBSET_TAG, '')))],
      fontsAllEmbeddedSubsets: loaded.length > 0 && loaded.every((f) => !f.missingFile && SUBSET_TAG.test(f.name)),
    };
  });
}
