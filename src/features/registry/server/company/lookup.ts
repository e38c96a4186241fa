// One company by 法人番号 as the registry has it now, in the fields an order and the purchase flow use (exported
// through the feature's index.server.ts).
import 'server-only';

import type { CompanyErrorCode } from '../../schemas';
import type { RegistryStore } from '../store/store';
import { getCompany } from './get-company';

/** The registry's current record of a company, in the fields an order keeps. */
export interface RegistryCompany {
  corporateNumber: string;
  name: string;
  /** 法人種別 (NTA column 9) */
  kind: string;
  kindLabel: string;
  /** 所在地 as the registry prints it (domestic, else abroad) */
  address: string;
  closed: boolean;
  /** フリガナ, 都道府県, 郵便番号 and 登記記録の閉鎖等年月日 as the registry has them (null when none) */
  furigana: string | null;
  prefectureName: string | null;
  postCode: string | null;
  closeDate: string | null;
}

export type RegistryCompanyOutcome = { ok: true; company: RegistryCompany } | { ok: false; code: CompanyErrorCode; message: string };

/**
 * The company with this 法人番号 as the registry file has it now (never what a browser said).
 * A number the registry does not know, or one hidden from search (hihyoji), is `not_found`.
 */
export function lookupCompany(corporateNumber: string, store?: RegistryStore): RegistryCompanyOutcome {
  const outcome = store ? getCompany(corporateNumber, store) : getCompany(corporateNumber);
  if (!outcome.ok) return outcome;
  const c = outcome.company;
  return {
    ok: true,
    company: {
      corporateNumber: c.corporateNumber,
      name: c.current.name,
      kind: c.current.kind,
      kindLabel: c.current.kindLabel,
      address: c.current.address,
      closed: c.closed,
      furigana: c.current.furigana,
      prefectureName: c.current.prefectureName,
      postCode: c.current.postCode,
      closeDate: c.current.closeDate,
    },
  };
}
