import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { THREE_D_SECURE } from './payment-terms';

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('THREE_D_SECURE: one spelling wherever users read it (decision 0048)', () => {
  it('is 3-Dセキュア', () => {
    expect(THREE_D_SECURE).toBe('3-Dセキュア');
  });

  it('is written nowhere else in src/ — no 3Dセキュア, 3-D セキュア or full-width variant beside the constant', () => {
    const root = path.resolve(__dirname, '..');
    const variants = /[3３][-－ー‐]?\s*[DＤ]\s*セキュア/u;
    const offenders = sourceFiles(root)
      .filter((f) => !f.endsWith(path.join('lib', 'payment-terms.ts')))
      .flatMap((f) =>
        fs
          .readFileSync(f, 'utf8')
          .split('\n')
          .map((line, i) => ({ at: `${path.relative(root, f)}:${i + 1}`, line }))
          .filter(({ line }) => variants.test(line)),
      )
      .map(({ at }) => at);
    expect(offenders).toEqual([]);
  });
});
