import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { findPdfFontDir, pdfFonts } from './pdf-fonts';

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('pdfFonts', () => {
  it('unpacks the committed TrueType files, not files from node_modules', () => {
    const fonts = pdfFonts();
    for (const file of Object.values(fonts)) {
      expect(existsSync(path.join(findPdfFontDir(), `${path.basename(file)}.gz`))).toBe(true);
      expect(path.basename(file)).toMatch(/^NotoSansJP-(Regular|Bold)\.ttf$/);
      // TrueType outlines (sfnt version 1.0), which pdfkit/fontkit subsets.
      expect(readFileSync(file).subarray(0, 4)).toEqual(Buffer.from([0, 1, 0, 0]));
    }
  });

  it('are the files whose checksums assets/fonts/README.md records, with the licence beside them', () => {
    const readme = readFileSync(path.join(findPdfFontDir(), 'README.md'), 'utf8');
    const fonts = pdfFonts();
    expect(readme).toContain(sha256(fonts.regular));
    expect(readme).toContain(sha256(fonts.bold));
    expect(readFileSync(path.join(findPdfFontDir(), 'OFL.txt'), 'utf8')).toContain('SIL Open Font License, Version 1.1');
  });

  it('says where it looked when the fonts are missing', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fonts-'));
    try {
      expect(() => findPdfFontDir(dir)).toThrow(/assets\/fonts\/NotoSansJP-Regular\.ttf\.gz/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
