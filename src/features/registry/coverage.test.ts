import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { registryCoverageLead } from './coverage';
import { RegistryStore } from './server/store/store';
import { registryCoverage } from './server/store/coverage';
import { buildRegistry, ntaRow, tempDir } from './testing';

describe('what the home page says the registry holds (issue 24 point 4)', () => {
  it('says 約580万 for the whole NTA data, and rounds another real count to 10万', () => {
    expect(registryCoverageLead({ state: 'nta', companies: 5_812_345 })).toContain('約580万の法人');
    expect(registryCoverageLead({ state: 'nta', companies: 5_512_000 })).toContain('約550万の法人');
    expect(registryCoverageLead({ state: 'nta', companies: 120_345 })).toContain('120,345の法人');
  });

  it('names sample data as such, with its real count, and never claims 約580万', () => {
    const lead = registryCoverageLead({ state: 'sample', companies: 5_000 });
    expect(lead).toContain('サンプルデータ');
    expect(lead).toContain('5,000件');
    expect(lead).not.toContain('万');
    expect(lead).not.toContain('国税庁法人番号公表サイトに掲載された');
  });

  it('claims no number without a registry', () => {
    expect(registryCoverageLead({ state: 'unavailable' })).not.toMatch(/\d|万/);
  });

  it('reads sample or NTA data and the searchable count from the served file', () => {
    const dir = tempDir();
    const sample = path.join(dir, 'sample.sqlite');
    const real = path.join(dir, 'real.sqlite');
    buildRegistry(sample, [ntaRow(), ntaRow(), ntaRow()], { isSample: true });
    buildRegistry(real, [ntaRow(), ntaRow()], { isSample: false });
    const stores = [sample, real, path.join(dir, 'missing.sqlite')].map((f) => new RegistryStore(f, { checkIntervalMs: 0 }));
    try {
      expect(stores.map((s) => registryCoverage(s))).toEqual([
        { state: 'sample', companies: 3 },
        { state: 'nta', companies: 2 },
        { state: 'unavailable' },
      ]);
    } finally {
      for (const s of stores) s.close();
    }
  });
});
