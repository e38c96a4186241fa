import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Reads a generated PDF back with poppler-utils (pdftotext, pdfinfo, pdffonts), the way a
 * reader's software would: tests assert on what is printed, not on how we drew it.
 * Install with `apt-get install -y poppler-utils` when missing.
 */
const run = promisify(execFile);

async function withFile<T>(pdf: Buffer, fn: (file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'hojin-pdf-'));
  const file = path.join(dir, 'doc.pdf');
  try {
    await writeFile(file, pdf);
    return await fn(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text in reading layout (`pdftotext -layout`): one printed line per text line. */
export function pdfText(pdf: Buffer): Promise<string> {
  return withFile(pdf, async (file) => (await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'])).stdout);
}

export interface PdfInfo {
  pages: number;
  pageSize: string;
  /** Base font names without the subset tag (ABCDEF+). */
  fonts: string[];
  fontsAllEmbeddedSubsets: boolean;
}

export function pdfInfo(pdf: Buffer): Promise<PdfInfo> {
  return withFile(pdf, async (file) => {
    const info = (await run('pdfinfo', [file])).stdout;
    const fonts = (await run('pdffonts', [file])).stdout.split('\n').slice(2).filter(Boolean);
    const rows = fonts.map((line) => {
      const cols = line.trim().split(/\s+/);
      // name type… encoding emb sub uni objectId gen: the flags are the 5th–3rd from the end.
      return { name: (cols[0] ?? '').replace(/^[A-Z]{6}\+/, ''), emb: cols.at(-5), sub: cols.at(-4) };
    });
    return {
      pages: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0),
      pageSize: /^Page size:\s+(.+)$/m.exec(info)?.[1]?.trim() ?? '',
      fonts: rows.map((r) => r.name),
      fontsAllEmbeddedSubsets: rows.length > 0 && rows.every((r) => r.emb === 'yes' && r.sub === 'yes'),
    };
  });
}
