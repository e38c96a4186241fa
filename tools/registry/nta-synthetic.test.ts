import { describe, expect, it } from 'vitest';
import { CsvRecordSplitter } from '@/lib/csv-records';
import { isNtaRowError, toNtaRow } from '@/features/registry/formats/nta-row';
import { formatNtaLine, katakanaToRomaji, type NtaRecord, SyntheticRegistry, toHalfWidthKana } from './nta-synthetic';
import type { NtaRow, NtaRowError } from '@/features/registry/nta-types';

function generate(seed: number, rows: number): { records: NtaRecord[]; entities: number; registry: SyntheticRegistry } {
  const registry = new SyntheticRegistry({ seed, date: '2026-01-30' });
  const records: NtaRecord[] = [];
  const it = registry.fullRows(rows);
  let step = it.next();
  while (!step.done) {
    records.push(step.value);
    step = it.next();
  }
  return { records, entities: step.value, registry };
}

/** Format as NTA CSV and read back through the real parser and validator. */
function roundTrip(records: NtaRecord[], columns: 28 | 29 | 30 = 30): { rows: NtaRow[]; errors: NtaRowError[] } {
  const text = records.map((r, i) => formatNtaLine(r, i + 1, columns)).join('');
  const rows: NtaRow[] = [];
  const errors: NtaRowError[] = [];
  new CsvRecordSplitter().push(text, true, (f, n, line, problem) => {
    const r = toNtaRow(f, n, 'gen.csv', line, problem);
    if (isNtaRowError(r)) errors.push(r);
    else rows.push(r);
  });
  return { rows, errors };
}

const strip = ({ sequenceNumber: _s, file: _f, line: _l, ...rest }: NtaRow): NtaRecord => rest;

describe('SyntheticRegistry', () => {
  const { records, entities, registry } = generate(42, 20_000);

  it('writes exactly the requested number of rows, deterministically for a seed', () => {
    expect(records).toHaveLength(20_000);
    expect(generate(42, 500).records).toEqual(records.slice(0, 500));
    expect(generate(43, 500).records.slice(20)).not.toEqual(records.slice(20, 500));
  });

  it('produces rows that survive NTA CSV formatting and validation unchanged', () => {
    const { rows, errors } = roundTrip(records);
    expect(errors).toEqual([]);
    expect(rows.map(strip)).toEqual(records);
  });

  it('keeps unique 法人番号 across entities', () => {
    const latest = records.filter((r) => r.latest).map((r) => r.corporateNumber);
    expect(new Set(latest).size).toBe(latest.length);
  });

  it('starts with the fixed companies used by tests and demos', () => {
    const names = (n: string) => records.filter((r) => r.corporateNumber === n).map((r) => [r.name, r.latest]);
    expect(names('1180301018771')).toEqual([['トヨタ自動車株式会社', true]]);
    expect(names('5010401067252')).toEqual([
      ['ソニー株式会社', false],
      ['ソニーグループ株式会社', true],
    ]);
    expect(names('8040001999013')).toEqual([
      ['株式会社商号変更前', false],
      ['株式会社商号変更後', true],
    ]);
    expect(records.some((r) => r.name === '株式会社Ｔ＆Ｍコンサルティング')).toBe(true);
    expect(records.some((r) => r.name === '株式会社検索対象除外サンプル' && r.hihyoji)).toBe(true);
  });

  it('covers the variety search and import need', () => {
    const some = (p: (r: NtaRecord) => boolean) => records.some(p);
    expect(some((r) => r.name.startsWith('株式会社'))).toBe(true);
    expect(some((r) => r.name.endsWith('株式会社'))).toBe(true);
    for (const form of ['有限会社', '合同会社', '一般社団法人', '特定非営利活動法人', '医療法人', '合資会社']) {
      expect(
        some((r) => r.name.includes(form)),
        form,
      ).toBe(true);
    }
    expect(some((r) => /[Ａ-Ｚ]/.test(r.name))).toBe(true); // full-width Latin
    expect(some((r) => /[髙﨑德濵]|𠮷/u.test(r.name))).toBe(true); // old forms
    expect(some((r) => /[ァ-ヶ]ー/.test(r.name))).toBe(true); // katakana loanwords
    expect(some((r) => r.furigana === null && r.kind === '301')).toBe(true);
    expect(some((r) => r.hihyoji)).toBe(true);
    expect(some((r) => !r.latest)).toBe(true);
    expect(some((r) => r.enName?.includes('"') ?? false)).toBe(true);
    expect(some((r) => r.closeCause === '11' && r.successorCorporateNumber !== null && r.process === '71')).toBe(true);
    expect(some((r) => r.closeCause === '01' && r.process === '21')).toBe(true);
    expect(some((r) => r.prefectureCode === null && r.addressOutside !== null)).toBe(true);
    expect(new Set(records.map((r) => r.prefectureCode).filter((c) => c !== null)).size).toBe(47);
    // Population-like weights: Tokyo is the largest prefecture, Tottori one of the smallest.
    const count = (code: string) => records.filter((r) => r.prefectureCode === code).length;
    expect(count('13')).toBeGreaterThan(count('27'));
    expect(count('27')).toBeGreaterThan(count('31') * 5);
  });

  it('writes history rows before the current row of the same 法人番号', () => {
    for (let i = 1; i < records.length; i++) {
      const prev = records[i - 1] as NtaRecord;
      if (!prev.latest) expect((records[i] as NtaRecord).corporateNumber).toBe(prev.corporateNumber);
    }
  });

  it('writes diffs on the following weekdays with every kind of change', () => {
    const diffs = registry.diffs(entities, 5, 400);
    expect(diffs.map((d) => d.date)).toEqual(['2026-02-02', '2026-02-03', '2026-02-04', '2026-02-05', '2026-02-06']);
    const all = diffs.flatMap((d) => d.rows);
    const processes = new Set(all.map((r) => r.process));
    for (const p of ['01', '11', '12', '21', '22', '71', '99']) expect(processes.has(p as NtaRecord['process']), p).toBe(true);
    expect(all.some((r) => r.correct === '1')).toBe(true);
    expect(all.every((r) => r.latest)).toBe(true);
    const { errors } = roundTrip(all);
    expect(errors).toEqual([]);
    expect(registry.diffs(entities, 5, 400)).toEqual(diffs);
  });

  it('formats the older 29- and 28-column layouts', () => {
    const sample = records.slice(0, 200);
    const r29 = roundTrip(sample, 29);
    expect(r29.errors).toEqual([]);
    expect(r29.rows.every((r) => r.hihyoji === false)).toBe(true);
    expect(r29.rows.map((r) => r.furigana)).toEqual(sample.map((r) => r.furigana));
    const r28 = roundTrip(sample, 28);
    expect(r28.errors).toEqual([]);
    expect(r28.rows.every((r) => r.furigana === null)).toBe(true);
  });
});

describe('text helpers', () => {
  it('converts katakana to half-width, voiced marks included', () => {
    expect(toHalfWidthKana('カフェ・ガーデン')).toBe('ｶﾌｪ･ｶﾞｰﾃﾞﾝ');
  });
  it('romanises readings for English names', () => {
    expect(katakanaToRomaji('タナカケンセツ')).toBe('tanakakensetsu');
    expect(katakanaToRomaji('ニッポンデンシンデンワ')).toBe('nippondenshindenwa');
    expect(katakanaToRomaji('キャッチ')).toBe('kyatchi');
  });
});
