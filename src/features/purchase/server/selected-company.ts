import 'server-only';

import { corporateChoiceOf, type SearchedCorporate } from '@/features/company-search';
import { lookupCompany, type RegistryStore } from '@/features/registry/index.server';
import { logger } from '@/server/logger';

import { INVALID_CORPORATE_NUMBER_MESSAGE, REGISTRY_UNAVAILABLE_FOR_ORDER_MESSAGE, companyNotFoundMessage } from '../rules';

/**
 * The company /purchase/select was opened for (`?corporateNumber=`, where the order buttons go), as
 * the registry has it now — the lookup order creation uses (companyForOrder) — so the page renders
 * the company block on the server (issue 13 §1, docs/decisions/0033 amendment). Whether it can be
 * ordered, and which certificates, the page decides with the orders feature's one rule, exactly as
 * for a company read from storage; the order API checks it again.
 *
 * `found` carries the company in the shape of the spec's `searched_corporate` (without
 * `selectedAt`), which the page then writes to storage. Otherwise the page shows the message: an
 * unknown or malformed number, or the registry unreadable (the order API would refuse it with the
 * same words then).
 */
export type SelectedCompany =
  | { status: 'found'; company: Omit<SearchedCorporate, 'selectedAt'> }
  | { status: 'not_found' | 'invalid' | 'unavailable'; corporateNumber: string; message: string };

/** Longest parameter echoed back (a 法人番号 with hyphens or a leading T is shorter). */
const ECHO_MAX = 20;

/**
 * The selected company for the page's `corporateNumber` parameter; null when there is none (the
 * page reads the stored company, as before). Never throws: a failure is `unavailable`. (`store`: tests.)
 */
export function selectedCompanyOf(param: string | string[] | undefined, store?: RegistryStore): SelectedCompany | null {
  const raw = Array.isArray(param) ? param[0] : param;
  if (raw === undefined || raw.trim() === '') return null;
  const corporateNumber = raw.trim().slice(0, ECHO_MAX);
  let found: ReturnType<typeof lookupCompany>;
  try {
    found = lookupCompany(corporateNumber, store);
  } catch (error) {
    logger.error({ err: error }, 'could not look up the company of /purchase/select');
    return { status: 'unavailable', corporateNumber, message: REGISTRY_UNAVAILABLE_FOR_ORDER_MESSAGE };
  }
  if (!found.ok) {
    switch (found.code) {
      case 'registry_unavailable':
        return { status: 'unavailable', corporateNumber, message: REGISTRY_UNAVAILABLE_FOR_ORDER_MESSAGE };
      case 'not_found':
        return { status: 'not_found', corporateNumber, message: companyNotFoundMessage(corporateNumber) };
      default:
        return { status: 'invalid', corporateNumber, message: INVALID_CORPORATE_NUMBER_MESSAGE };
    }
  }
  const c = found.company;
  return {
    status: 'found',
    company: corporateChoiceOf({ ...c, kind: c.kind as SearchedCorporate['kind'] }),
  };
}
