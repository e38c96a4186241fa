import { describe, expect, it } from 'vitest';

import { readWatchImport } from './rules';

describe('readWatchImport', () => {
  it('reads 法人番号 and T-numbers in any width and with hyphens, one a line, without duplicates', () => {
    expect(readWatchImport('8040001999013\r\nＴ２４３０１０１００００１１\nT-8040-0019-99013\n\n2430-1010-00011')).toEqual({
      numbers: ['8040001999013', '2430101000011'],
      invalid: [],
    });
  });

  it('finds the number in any CSV column and skips a header row', () => {
    const csv = '\uFEFF取引先名,登録番号,備考\n"株式会社一番目, 本社",T8040001999013,月末締め\n二番目,2430101000011,\n';
    expect(readWatchImport(csv)).toEqual({ numbers: ['8040001999013', '2430101000011'], invalid: [] });
  });

  it('shows back the lines it cannot read, with what is wrong', () => {
    const result = readWatchImport('8040001999013\n1234567890123\n株式会社名前だけ\n12345');
    expect(result.numbers).toEqual(['8040001999013']);
    expect(result.invalid).toEqual([
      { line: 2, input: '1234567890123', message: expect.stringContaining('検査用数字') },
      { line: 3, input: '株式会社名前だけ', message: '法人番号（13桁）または登録番号（T＋13桁）ではありません。' },
      { line: 4, input: '12345', message: expect.stringContaining('13桁') },
    ]);
  });
});
