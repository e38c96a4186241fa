import 'server-only';

import { NTA_CLOSE_CAUSE } from '@/features/registry';
import { displayAddress, type InvoiceChange, type RegistryChange } from '@/features/registry/index.server';

import type { WatchEventDetail, WatchEventKind } from '../constants';

/**
 * What a change of the registry or the invoice file means to someone watching the company
 * (issue 15 §2). Decided by comparing the row before and after rather than by the 処理区分 alone:
 * a 訂正 or a row that changes the name and the address at once gives what really changed, and
 * a row that changes nothing a member cares about (フリガナ, 英語表記) gives nothing. Only public
 * registry fields go into an event; a company hidden from the registry (hihyoji) gives none.
 */

export interface WatchEventDraft {
  corporateNumber: string;
  kind: WatchEventKind;
  /** 更新年月日 of the change: with the number and the kind, the event's identity. */
  dataDate: string;
  /** The company's name after the change. */
  name: string;
  detail: WatchEventDetail;
}

export function registryEvents(change: RegistryChange): WatchEventDraft[] {
  const { before, after } = change;
  if (after.hihyoji) return [];
  const base = { corporateNumber: after.corporateNumber, dataDate: change.day, name: after.name };
  const events: WatchEventDraft[] = [];
  if (before.name !== after.name) events.push({ ...base, kind: 'name', detail: { before: before.name, after: after.name } });
  const [from, to] = [displayAddress(before), displayAddress(after)];
  if (from !== to) events.push({ ...base, kind: 'address', detail: { before: from, after: to } });
  if (before.closeDate === null && after.closeDate !== null) {
    const cause = after.closeCause === null ? undefined : NTA_CLOSE_CAUSE[after.closeCause];
    const merged = after.process === '71' || after.closeCause === '11' || after.successorCorporateNumber !== null;
    events.push({
      ...base,
      kind: merged ? 'merged' : 'closed',
      detail: {
        closeDate: after.closeDate,
        ...(cause ? { cause } : {}),
        ...(after.successorCorporateNumber ? { successorNumber: after.successorCorporateNumber } : {}),
      },
    });
  }
  if (before.closeDate !== null && after.closeDate === null) events.push({ ...base, kind: 'revived', detail: {} });
  return events;
}

const ended = (s: InvoiceChange['before']) => s === null || s.disposalDate !== null || s.expireDate !== null;

export function invoiceEvents(change: InvoiceChange): WatchEventDraft[] {
  const { before, after } = change;
  // A deleted registration (処理区分 99) is a correction of the publication, not news.
  if (after === null) return [];
  const base = { corporateNumber: change.corporateNumber, dataDate: change.day, name: after.name };
  const events: WatchEventDraft[] = [];
  if (!ended(after) && ended(before)) events.push({ ...base, kind: 'invoice_registered', detail: { date: after.registrationDate } });
  if (after.disposalDate !== null && after.disposalDate !== before?.disposalDate)
    events.push({ ...base, kind: 'invoice_revoked', detail: { date: after.disposalDate } });
  if (after.expireDate !== null && after.expireDate !== before?.expireDate)
    events.push({ ...base, kind: 'invoice_expired', detail: { date: after.expireDate } });
  return events;
}
