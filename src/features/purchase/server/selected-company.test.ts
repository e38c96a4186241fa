import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { SearchedCorporateSchema } from '@/features/company-search';
import { orderabilityOf } from '@/features/orders';
import { RegistryStore } from '@/features/registry/index.server';
import { nextCorporateNumber, ntaRow } from '@/features/registry/testing';

import { TOYOTA } from '@tests/support/purchase/fixtures';
import { testRegistry } from '@tests/support/test-registry';

import { selectedCompanyOf } from './selected-company';

/**
 * /purchase/select opened for a company (`?corporateNumber=`, docs/decisions/0033): the server
 * reads it from the registry in the shape of the spec's `searched_corporate`, and says in
 * Japanese why a number cannot be used — never throws.
 */
const open = ntaRow({
  corporateNumber: '1180301018771',
  name: 'トヨタ自動車株式会社',
  furigana: 'トヨタジドウシャ',
  prefectureName: '愛知県',
  cityName: '豊田市',
  streetNumber: 'トヨタ町1番地',
  prefectureCode: '23',
  cityCode: '211',
  postCode: '4718571',
});
const closed = ntaRow({ name: '株式会社清算済', process: '21', closeDate: '2020-03-31', closeCause: '01' });
const agency = ntaRow({ name: '国税庁', kind: '101' });
const unknown = nextCorporateNumber();
const registry = testRegistry([open, closed, agency], { isSample: true });

describe('selectedCompanyOf', () => {
  it('no parameter (the spec route, an old bookmark): null, so the page reads the stored company', () => {
    expect(selectedCompanyOf(undefined, registry.store)).toBeNull();
    expect(selectedCompanyOf('', registry.store)).toBeNull();
    expect(selectedCompanyOf('  ', registry.store)).toBeNull();
  });

  it('a known company: the registry’s record, in the shape the search page stores', () => {
    const selected = selectedCompanyOf('1180301018771', registry.store);
    expect(selected).toEqual({
      status: 'found',
      company: TOYOTA,
    });
    if (selected?.status !== 'found') throw new Error('not found');
    expect(SearchedCorporateSchema.safeParse({ ...selected.company, selectedAt: new Date().toISOString() }).success).toBe(true);
  });

  it('takes the first of repeated parameters, and a number typed with hyphens', () => {
    expect(selectedCompanyOf(['1180301018771', unknown], registry.store)).toMatchObject({ status: 'found' });
    expect(selectedCompanyOf('1-1803-0101-8771', registry.store)).toMatchObject({
      status: 'found',
      company: { corporateNumber: '1180301018771' },
    });
  });

  it('a closed company and a body without a registry are found: the page applies the orders rule to them', () => {
    const c = selectedCompanyOf(closed.corporateNumber, registry.store);
    expect(c).toMatchObject({ status: 'found', company: { closed: true, closeDate: '2020-03-31' } });
    const a = selectedCompanyOf(agency.corporateNumber, registry.store);
    if (a?.status !== 'found') throw new Error('not found');
    expect(orderabilityOf(a.company).orderable).toBe(false);
  });

  it('an unknown or malformed number: a Japanese message, never an exception', () => {
    expect(selectedCompanyOf(unknown, registry.store)).toEqual({
      status: 'not_found',
      corporateNumber: unknown,
      message: `法人番号 ${unknown} の法人は見つかりませんでした。会社を検索して選び直してください。`,
    });
    const badDigit = `${(Number(unknown[0]) + 1) % 10}${unknown.slice(1)}`;
    for (const bad of ['abc', '123', badDigit, '<script>'.repeat(10)]) {
      const s = selectedCompanyOf(bad, registry.store);
      expect(s?.status, bad).toBe('invalid');
      expect(s && s.status !== 'found' ? s.message : '').toBe('ご指定の法人番号が正しくありません。会社を検索して選び直してください。');
      expect(s && s.status !== 'found' ? s.corporateNumber.length : 0).toBeLessThanOrEqual(20);
    }
  });

  it('the registry cannot be read: unavailable, with the message order creation gives', () => {
    const missing = new RegistryStore(path.join(registry.dir, 'missing.sqlite'), { checkIntervalMs: 0 });
    try {
      expect(selectedCompanyOf('1180301018771', missing)).toEqual({
        status: 'unavailable',
        corporateNumber: '1180301018771',
        message: '法人情報を確認できないため、ただいまご注文を受け付けられません。時間をおいてもう一度お試しください。',
      });
    } finally {
      missing.close();
    }
  });
});
