import { describe, expect, it } from 'vitest';

import { excelCsvLine } from '@/lib/csv';

import { ACCOUNTING_CSV_HEADER, accountingCsv, jstMonthRange, totalsOf, type AccountingEntry } from './accounting';

describe('the accounting export', () => {
  it('cuts months at midnight Japan time, December into January included', () => {
    expect(jstMonthRange('2026-11')).toEqual({ from: new Date('2026-10-31T15:00:00Z'), to: new Date('2026-11-30T15:00:00Z') });
    expect(jstMonthRange('2026-12')).toEqual({ from: new Date('2026-11-30T15:00:00Z'), to: new Date('2026-12-31T15:00:00Z') });
  });

  it('writes UTF-8 with a BOM, CRLF, every field quoted, a totals row, and defuses formula-looking text', () => {
    const at = new Date('2026-11-01T00:30:00+09:00'); // still November in Japan, October in UTC
    const entries: AccountingEntry[] = [
      {
        kind: 'sale',
        at,
        orderId: 'o-1',
        orderNumber: 'HJ-2611-4K7QX',
        chargeId: 'ch_1',
        nonTaxableYen: 1000,
        taxable10Yen: 1100,
        tax10Yen: 100,
        totalYen: 2100,
      },
      {
        kind: 'refund',
        at,
        orderId: 'o-1',
        orderNumber: 'HJ-2611-4K7QX',
        chargeId: '=cmd',
        nonTaxableYen: -500,
        taxable10Yen: -550,
        tax10Yen: -50,
        totalYen: -1050,
      },
    ];
    const bytes = Buffer.from(accountingCsv(entries, new Map([['o-1', 'R-2026-000001']])));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(ACCOUNTING_CSV_HEADER.map((h) => `"${h}"`).join(','));
    expect(lines[1]).toBe('"2026/11/01","売上","HJ-2611-4K7QX","R-2026-000001","ch_1","1000","1100","100","2100"');
    expect(lines[2]).toBe('"2026/11/01","返金","HJ-2611-4K7QX","R-2026-000001","\'=cmd","-500","-550","-50","-1050"');
    expect(lines[3]).toBe('"合計","売上1件・返金1件","","","","500","550","50","1050"');
    expect(totalsOf(entries)).toMatchObject({ chargedYen: 2100, refundedYen: 1050, totalYen: 1050 });
  });

  it('writes every text column through the one CSV writer: formula-looking text from any column stays text, amounts stay numbers', () => {
    const at = new Date('2026-11-02T10:00:00+09:00');
    const entry: AccountingEntry = {
      kind: 'sale',
      at,
      orderId: 'o-2',
      orderNumber: '+HJ',
      chargeId: '\tch',
      nonTaxableYen: 0,
      taxable10Yen: -0,
      tax10Yen: 0,
      totalYen: 0,
    };
    const text = Buffer.from(accountingCsv([entry], new Map([['o-2', '@R-1']])))
      .subarray(3)
      .toString('utf8');
    const row = text.split('\r\n')[1];
    expect(row).toBe(`"2026/11/02","売上","'+HJ","'@R-1","'\tch","0","0","0","0"`);
    expect(excelCsvLine(['-1', -1])).toBe(`"'-1","-1"\r\n`);
  });
});
