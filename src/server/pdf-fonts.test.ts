import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { findPdfFontDir, pdfFonts } from './pdf-fonts';

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('pdfFonts', () => {
  it('points at the committed TrueType files, not at node_modules', () => {
    const fonts = pdfFonts();
    for (const file of Object.values(fonts)) {
      expect(path.relative(process.cwd(), file)).toMatch(/^assets[/\\]fonts[/\\]NotoSansJP-(Regular|Bold)\.ttf$/);
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
      expect(() => findPdfFontDir(dir)).toThrow(/assets\/fonts\/NotoSansJP-Regular\.ttf/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
