import 'server-only';

import { canOrderCertificates, companyLegalNumberOf } from '@/features/orders';
import { type CompanyDetail, type CompanyErrorCode, type CompanyRecord, invoiceStandingOf, todayInJapan } from '@/features/registry';
import { type InvoiceView, type ReferenceRecord, referencePath, type TimelineChange, type TimelineEntry } from '../schemas';
import {
  type InvoiceStore,
  getInvoiceStore,
  type RegistryStore,
  getRegistryStore,
  getCompany,
  companiesAtSameAddress,
} from '@/features/registry/index.server';

/**
 * A company's full public record for the reference service (issue 4): the registry detail
 * (getCompany), its change history as a timeline, the 会社法人等番号, the successor of a merged
 * company, and its qualified-invoice registration with today's status.
 */

export type ReferenceOutcome = { ok: true; record: ReferenceRecord } | { ok: false; code: CompanyErrorCode; message: string };

// 会社法人等番号 and orderability: the orders feature's one rule (docs/decisions/0014).
export { companyLegalNumberOf };

function changesBetween(prev: CompanyRecord, next: CompanyRecord): TimelineChange[] {
  const out: TimelineChange[] = [];
  const diff = (field: TimelineChange['field'], label: string, a: string | null, b: string | null) => {
    if ((a ?? '') !== (b ?? '')) out.push({ field, label, before: a, after: b });
  };
  diff('name', '商号又は名称', prev.name, next.name);
  diff('furigana', 'フリガナ', prev.furigana, next.furigana);
  diff('kind', '法人種別', prev.kindLabel, next.kindLabel);
  const domestic = (r: CompanyRecord) => {
    const a = [r.prefectureName, r.cityName, r.streetNumber].filter((p) => p !== null).join('');
    return a === '' ? null : a;
  };
  diff('address', '本店又は主たる事務所の所在地', domestic(prev), domestic(next));
  diff('addressOutside', '国外所在地', prev.addressOutside, next.addressOutside);
  diff('enName', '英語表記', prev.enName, next.enName);
  if (prev.closeDate === null && next.closeDate !== null) {
    out.push({ field: 'closure', label: '登記記録の閉鎖等', before: null, after: next.closeCauseLabel ?? '閉鎖' });
  } else if (prev.closeDate !== null && next.closeDate === null) {
    out.push({ field: 'revival', label: '登記記録の閉鎖等の取消し', before: prev.closeCauseLabel ?? '閉鎖', after: null });
  }
  return out;
}

/** The states of a company oldest first (history, then the current row), as timeline entries. */
export function timelineOf(company: Pick<CompanyDetail, 'current' | 'history'>): TimelineEntry[] {
  const states = [...company.history].sort((a, b) => (a.updateDate + a.changeDate).localeCompare(b.updateDate + b.changeDate));
  states.push(company.current);
  const entries: TimelineEntry[] = [];
  let prev: CompanyRecord | null = null;
  for (const s of states) {
    const changes = prev === null ? [] : changesBetween(prev, s);
    // A row that repeats the previous state (a re-publication) adds nothing to the history.
    if (prev !== null && changes.length === 0 && s.process === prev.process && s.changeDate === prev.changeDate) continue;
    entries.push({
      changeDate: s.changeDate,
      updateDate: s.updateDate,
      process: s.process,
      processLabel: s.processLabel,
      correction: s.correction,
      changeCause: s.changeCause,
      changes,
      name: s.name,
      address: s.address,
    });
    prev = s;
  }
  return entries;
}

export function invoiceViewOf(corporateNumber: string, store: InvoiceStore, today: string): InvoiceView {
  const found = store.lookup(corporateNumber);
  const standing = invoiceStandingOf(found, today);
  if (standing.state === 'unknown') return { state: 'unknown', statusLabel: standing.label };
  if (standing.state === 'not_registered') return { state: 'not_registered', statusLabel: standing.label, dataDate: standing.dataDate };
  const r = standing.registration;
  const meta = found.state === 'found' ? found.meta : null;
  return {
    state: 'known',
    registrationNumber: r.registrationNumber,
    registrationDate: r.registrationDate,
    disposalDate: r.disposalDate,
    expireDate: r.expireDate,
    status: standing.state,
    statusLabel: standing.label,
    asOf: today,
    dataDate: meta?.dataDate ?? null,
    isSample: meta?.isSample ?? false,
  };
}

/** The record without 同じ所在地の法人 (the public API answers it; the page adds that list). */
export type CompanyRecordOutcome =
  { ok: true; record: Omit<ReferenceRecord, 'sameAddress'> } | { ok: false; code: CompanyErrorCode; message: string };

export function getCompanyRecord(
  corporateNumber: string,
  stores: { registry?: RegistryStore; invoice?: InvoiceStore; today?: string } = {},
): CompanyRecordOutcome {
  const registry = stores.registry ?? getRegistryStore();
  const outcome = getCompany(corporateNumber, registry);
  if (!outcome.ok) return outcome;
  const company = outcome.company;
  const current = company.current;
  let successor: ReferenceRecord['successor'] = null;
  if (current.successorCorporateNumber !== null) {
    const s = getCompany(current.successorCorporateNumber, registry);
    successor = { corporateNumber: current.successorCorporateNumber, name: s.ok ? s.company.current.name : null };
  }
  return {
    ok: true,
    record: {
      company,
      companyLegalNumber: companyLegalNumberOf(company.corporateNumber, current.kind),
      orderable: canOrderCertificates({ corporateNumber: company.corporateNumber, kind: current.kind, closed: company.closed }),
      successor,
      timeline: timelineOf(company),
      invoice: invoiceViewOf(company.corporateNumber, stores.invoice ?? getInvoiceStore(), stores.today ?? todayInJapan()),
      path: referencePath(company.corporateNumber),
    },
  };
}

export function getReferenceRecord(
  corporateNumber: string,
  stores: { registry?: RegistryStore; invoice?: InvoiceStore; today?: string } = {},
): ReferenceOutcome {
  const registry = stores.registry ?? getRegistryStore();
  const outcome = getCompanyRecord(corporateNumber, { ...stores, registry });
  if (!outcome.ok) return outcome;
  return { ok: true, record: { ...outcome.record, sameAddress: companiesAtSameAddress(outcome.record.company.corporateNumber, registry) } };
}
