'use client';

import { useRouter } from 'next/navigation';

import { ORDER_BUTTON_LABEL } from '@/features/orders';
import { purchaseSelectPath } from '@/lib/purchase-select-path';
import { storedSearchedCorporate } from '@/lib/stored-search-choice';

import type { CorporateChoice, SearchedCorporate } from '@/features/company-search';
import s from './reference.module.css';

/**
 * 「この法人の証明書を申請する」: hands the company to the purchase flow the way the /search page
 * does (localStorage `searched_corporate`, storedSearchedCorporate) and goes to /purchase/select for this
 * company (its 法人番号 in the URL, so the server renders it), which asks for a login when needed.
 */
export function OrderButton({ company }: { company: CorporateChoice }) {
  const router = useRouter();
  const order = () => {
    const value: SearchedCorporate = { ...company, selectedAt: new Date().toISOString() };
    storedSearchedCorporate.write(value);
    router.push(purchaseSelectPath(company.corporateNumber));
  };
  return (
    <button type="button" className={`button ${s.orderButton}`} onClick={order}>
      {ORDER_BUTTON_LABEL}
    </button>
  );
}
