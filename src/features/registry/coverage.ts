/**
 * What the served registry holds, as the public pages say it (issue 24 point 4, docs/decisions/0055):
 * the NTA's own data, generated sample data, or nothing yet. Isomorphic and pure; the server face
 * reads it from the open registry's meta (`registryCoverage` in index.server.ts).
 */
import { groupDigits } from '@/lib/digits';

export type RegistryCoverage = { state: 'nta'; companies: number } | { state: 'sample'; companies: number } | { state: 'unavailable' };

/**
 * How many companies can be searched, in the home page's words: 約N万 (to the nearest 10万) for
 * the NTA's data from a million up — 約580万 for the whole country — and the exact count below
 * that (a partial import); the sample data says that it is sample data and its exact count.
 */
export function registryCoverageLead(coverage: RegistryCoverage): string {
  switch (coverage.state) {
    case 'nta': {
      const n = coverage.companies;
      const amount = n >= 1_000_000 ? `約${Math.round(n / 100_000) * 10}万` : groupDigits(n);
      return `国税庁法人番号公表サイトに掲載された${amount}の法人を、商号・フリガナ・法人番号からすぐに検索できます。`;
    }
    case 'sample':
      return `現在はサンプルデータ（自動生成した架空の法人${groupDigits(coverage.companies)}件）を読み込んでいます。商号・フリガナ・法人番号からすぐに検索できます。`;
    case 'unavailable':
      return '国税庁法人番号公表サイトに掲載された法人を、商号・フリガナ・法人番号から検索できます。';
  }
}
