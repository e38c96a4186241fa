import 'server-only';

import { COMPANY_ERROR_MESSAGES, type CompanyErrorCode, type CompanyOutcome } from '../../schemas';
import { unpackRow } from '../store/row-codec';
import { type RegistryStore, getRegistryStore } from '../store/store';
import { formerNamesOf, historyOf, registryInfo, toRecordView } from './company-view';
import { parseCorporateNumberQuery } from './query';

function fail(code: CompanyErrorCode): CompanyOutcome {
  return { ok: false, code, message: COMPANY_ERROR_MESSAGES[code] };
}

/**
 * One company by 法人番号 with its history, for the reference page (issue 4). Accepts what a
 * visitor may type (full-width digits, hyphens, a leading T). A company whose current row has
 * hihyoji = 1, or that was deleted (process 99), is not found.
 */
export function getCompany(corporateNumber: string, store: RegistryStore = getRegistryStore()): CompanyOutcome {
  const parsed = parseCorporateNumberQuery(corporateNumber);
  if (parsed.type === 'not-a-number') return fail('invalid_format');
  if (parsed.type === 'bad-check-digit') return fail('invalid_check_digit');
  const state = store.acquire();
  if (!state.ok) return fail('registry_unavailable');
  const reg = state.registry;
  return reg.db.transaction((): CompanyOutcome => {
    const row = reg
      .statement('SELECT corporate_number, hihyoji, data FROM company WHERE corporate_number = ?')
      .get(Number(parsed.corporateNumber)) as { corporate_number: number; hihyoji: number; data: string } | undefined;
    if (row === undefined || row.hihyoji === 1) return fail('not_found');
    const current = unpackRow(row.corporate_number, row.hihyoji, row.data);
    const history = historyOf(reg, row.corporate_number);
    return {
      ok: true,
      company: {
        corporateNumber: current.corporateNumber,
        assignmentDate: current.assignmentDate,
        closed: current.closeDate !== null,
        current: toRecordView(current),
        history: history.map(toRecordView),
        formerNames: formerNamesOf(history, current.name),
        registry: registryInfo(reg),
      },
    };
  })();
}
