import 'server-only';

import { invoiceStandingOf, NTA_CLOSE_CAUSE } from '@/features/registry';
import {
  companiesByFormerName,
  companiesNamedExactly,
  companyRowByNumber,
  displayAddress,
  getInvoiceStore,
  getRegistryStore,
  type CompanyRow,
  type FormerNameMatch,
  type InvoiceStore,
  type OpenRegistry,
  type RegistryStore,
  unpackRow,
} from '@/features/registry/index.server';
import { normalizeJapanese } from '@/lib/normalize-japanese';

import {
  BULK_MESSAGES,
  bulkFormerNameMessage,
  type BulkCheckResult,
  type BulkCompany,
  type BulkInvoice,
  type BulkRow,
  parseBulkLine,
} from '../bulk';

/**
 * The bulk check (issue 14 item 4): each line is a 法人番号, a T-number or an exact name; each
 * gets the company as the registry has it now (閉鎖 with its successor) and its invoice
 * registration status on the chosen day (domain.md §1's rule, `invoiceStatusOn`).
 *
 * Lookups go straight to the registry's primary key and the exact-name token of its index (the
 * registry's exact-name.ts; no history, no search ranking): 1,000 lines must answer within a second
 * (bench/bulk-check.ts).
 */

export type BulkCheckOutcome = { ok: true; result: BulkCheckResult } | { ok: false; code: 'registry_unavailable' };

type Row = CompanyRow;

function companyOf(reg: OpenRegistry, row: Row): BulkCompany {
  const r = unpackRow(row.corporate_number, row.hihyoji, row.data);
  let successor: BulkCompany['successor'] = null;
  if (r.successorCorporateNumber !== null) {
    const s = companyRowByNumber(reg, r.successorCorporateNumber);
    // The successor's name only when the registry shows it (a hidden company stays hidden).
    const name = s !== undefined && s.hihyoji === 0 ? unpackRow(s.corporate_number, s.hihyoji, s.data).name : null;
    successor = { corporateNumber: r.successorCorporateNumber, name };
  }
  return {
    corporateNumber: r.corporateNumber,
    name: r.name,
    address: displayAddress(r),
    closed: r.closeDate !== null,
    closeDate: r.closeDate,
    closeCauseLabel: r.closeCause === null ? null : (NTA_CLOSE_CAUSE[r.closeCause] ?? null),
    successor,
  };
}

function invoiceOf(store: InvoiceStore, corporateNumber: string, date: string): BulkInvoice {
  const standing = invoiceStandingOf(store.lookup(corporateNumber), date);
  if (standing.state === 'unknown') return { state: 'unknown', statusLabel: standing.label };
  if (standing.state === 'not_registered') return { state: 'not_registered', statusLabel: standing.label, dataDate: standing.dataDate };
  const r = standing.registration;
  const ends = [r.disposalDate, r.expireDate].filter((d): d is string => d !== null).sort();
  return {
    state: 'registered',
    registrationNumber: r.registrationNumber,
    status: standing.state,
    statusLabel: standing.label,
    registrationDate: r.registrationDate,
    endDate: ends[0] ?? null,
  };
}

const sameText = (s: string) => s.normalize('NFKC').replace(/\s+/gu, ' ').trim();

/** One company, else the count of those that fit equally well. */
function pickOne(rows: readonly Row[]): { row: Row } | { matches: number } {
  if (rows.length === 1) return { row: rows[0] as Row };
  // Several share the name: the one still active if only one is (a supplier list names the
  // company that trades today), else ambiguous.
  const active = rows.filter((r) => unpackRow(r.corporate_number, r.hihyoji, r.data).closeDate === null);
  if (active.length === 1) return { row: active[0] as Row };
  return { matches: rows.length };
}

/** A name's match: one company (by a former name when `formerName` is set), else the count of equals. */
type NameMatch = { row: Row; formerName: string | null } | { matches: number };

function pickByName(rows: readonly Row[], formerName: string | null): NameMatch {
  const one = pickOne(rows);
  return 'row' in one ? { row: one.row, formerName } : one;
}

/**
 * An exact name: the current name first, else a former name (旧商号), found as /search finds former
 * names (former-names.ts): a supplier list written before a rename still names the company.
 *
 * The index's exact-name token is on the normalised name, which leaves out the legal form
 * (株式会社日本運送, 日本運送株式会社 and 日本運送合同会社 share 日本運送: 358 companies in the 1M-row
 * sample of bench/bulk-check.ts), so the candidates are narrowed to the name as written (NFKC, any
 * width) — a current name, then a former name; only when none is written so (「(株)日本運送」) do
 * the normalised matches count, current names before former ones.
 */
function byName(reg: OpenRegistry, name: string): NameMatch {
  const norm = normalizeJapanese(name);
  const current = companiesNamedExactly(reg, norm);
  const wanted = sameText(name);
  const exact = current.filter((r) => sameText(unpackRow(r.corporate_number, r.hihyoji, r.data).name) === wanted);
  if (exact.length > 0) return pickByName(exact, null);
  const former = companiesByFormerName(reg, norm);
  const formerExact = former.filter((f) => sameText(f.formerName) === wanted);
  if (formerExact.length > 0)
    return pickByName(formerExact, formerExact.length === 1 ? (formerExact[0] as FormerNameMatch).formerName : null);
  if (current.length > 0) return pickByName(current, null);
  if (former.length > 0) return pickByName(former, former.length === 1 ? (former[0] as FormerNameMatch).formerName : null);
  return { matches: 0 };
}

export function bulkCheck(
  lines: readonly string[],
  date: string,
  stores: { registry?: RegistryStore; invoice?: InvoiceStore } = {},
): BulkCheckOutcome {
  const state = (stores.registry ?? getRegistryStore()).acquire();
  if (!state.ok) return { ok: false, code: 'registry_unavailable' };
  const reg = state.registry;
  const invoice = stores.invoice ?? getInvoiceStore();
  // Numbered as sent, blank lines included (the 「行」 of the pasted list); blank lines are not checked.
  const inputs = lines.map((l, i) => ({ raw: l.trim(), number: i + 1 })).filter((l) => l.raw !== '');

  // One read transaction: every line sees the same registry file.
  const rows = reg.db.transaction((): BulkRow[] =>
    inputs.map(({ raw, number }): BulkRow => {
      const line = parseBulkLine(raw);
      const base = { line: number, input: line.input, kind: line.kind, matches: null, message: null, company: null, invoice: null };
      if (line.kind === 'invalid') return { ...base, result: 'invalid', message: line.message };
      let row: Row | undefined;
      let formerName: string | null = null;
      if (line.kind === 'name') {
        const found = byName(reg, line.name);
        if ('matches' in found) {
          return found.matches === 0
            ? { ...base, result: 'not_found', message: BULK_MESSAGES.not_found }
            : { ...base, result: 'ambiguous', matches: found.matches, message: BULK_MESSAGES.ambiguous };
        }
        row = found.row;
        formerName = found.formerName;
      } else {
        const r = companyRowByNumber(reg, line.corporateNumber);
        row = r !== undefined && r.hihyoji === 0 ? r : undefined;
      }
      if (row === undefined) {
        // A T-number of a registration the registry lacks still has an invoice status worth showing.
        const inv = line.kind === 'invoice' ? invoiceOf(invoice, line.corporateNumber, date) : null;
        return { ...base, result: 'not_found', message: BULK_MESSAGES.not_found, invoice: inv };
      }
      const company = companyOf(reg, row);
      const message = formerName === null ? null : bulkFormerNameMessage(formerName, company.name);
      return { ...base, result: 'found', message, company, invoice: invoiceOf(invoice, company.corporateNumber, date) };
    }),
  )();

  const count = (r: BulkRow['result']) => rows.filter((x) => x.result === r).length;
  return {
    ok: true,
    result: {
      date,
      rows,
      summary: { found: count('found'), notFound: count('not_found'), ambiguous: count('ambiguous'), invalid: count('invalid') },
    },
  };
}
