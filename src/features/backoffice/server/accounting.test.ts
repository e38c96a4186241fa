import { describe, expect, it } from 'vitest';

import { excelCsvLine } from '@/lib/csv';

import {
  ACCOUNTING_CSV_HEADER,
  ACCOUNTING_SUMMARY_HEADER,
  accountingCsv,
  accountingSummaryCsv,
  jstMonthRange,
  totalsOf,
  type AccountingEntry,
} from './accounting';

describe('the accounting export', () => {
  it('cuts months at midnight Japan time, December into January included', () => {
    expect(jstMonthRange('2026-11')).toEqual({ from: new Date('2026-10-31T15:00:00Z'), to: new Date('2026-11-30T15:00:00Z') });
    expect(jstMonthRange('2026-12')).toEqual({ from: new Date('2026-11-30T15:00:00Z'), to: new Date('2026-12-31T15:00:00Z') });
  });

  it('writes UTF-8 with a BOM, CRLF, every field quoted, data rows only, and defuses formula-looking text', () => {
    const at = new Date('2026-11-01T00:30:00+09:00'); // still November in Japan, October in UTC
    const entries: AccountingEntry[] = [
      {
        kind: 'sale',
        at,
        orderId: 'o-1',
        orderNumber: 'HJ-2611-4K7QX',
        chargeId: 'ch_1',
        statementNumber: null,
        companyName: 'トヨタ自動車株式会社',
        memberEmail: 'a@example.jp',
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
        statementNumber: 'RF-2026-000001',
        companyName: 'トヨタ自動車株式会社',
        memberEmail: 'a@example.jp',
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
    expect(lines[1]).toBe(
      '"2026/11/01","売上","HJ-2611-4K7QX","R-2026-000001","","トヨタ自動車株式会社","a@example.jp","ch_1","1000","1000","100","1100","2100"',
    );
    expect(lines[2]).toBe(
      '"2026/11/01","返金","HJ-2611-4K7QX","R-2026-000001","RF-2026-000001","トヨタ自動車株式会社","a@example.jp","\'=cmd","-500","-500","-50","-550","-1050"',
    );
    // no 合計 row among the data (issue 24 §3): the totals are the summary file's
    expect(lines).toHaveLength(4);
    expect(totalsOf(entries)).toMatchObject({ chargedYen: 2100, refundedYen: 1050, totalYen: 1050 });
    const summary = Buffer.from(accountingSummaryCsv('2026-11', entries)).subarray(3).toString('utf8').split('\r\n');
    expect(summary[0]).toBe(ACCOUNTING_SUMMARY_HEADER.map((h) => `"${h}"`).join(','));
    expect(summary.slice(1, 4)).toEqual([
      '"2026-11","売上","1","1000","1000","100","1100","2100"',
      '"2026-11","返金","1","-500","-500","-50","-550","-1050"',
      '"2026-11","差引","2","500","500","50","550","1050"',
    ]);
  });

  it('writes every text column through the one CSV writer: formula-looking text from any column stays text, amounts stay numbers', () => {
    const at = new Date('2026-11-02T10:00:00+09:00');
    const entry: AccountingEntry = {
      kind: 'sale',
      at,
      orderId: 'o-2',
      orderNumber: '+HJ',
      chargeId: '\tch',
      statementNumber: null,
      companyName: '=HYPERLINK("x")',
      memberEmail: null,
      nonTaxableYen: 0,
      taxable10Yen: -0,
      tax10Yen: 0,
      totalYen: 0,
    };
    const text = Buffer.from(accountingCsv([entry], new Map([['o-2', '@R-1']])))
      .subarray(3)
      .toString('utf8');
    const row = text.split('\r\n')[1];
    expect(row).toBe(`"2026/11/02","売上","'+HJ","'@R-1","","'=HYPERLINK(""x"")","","'\tch","0","0","0","0","0"`);
    expect(excelCsvLine(['-1', -1])).toBe(`"'-1","-1"\r\n`);
  });
});
