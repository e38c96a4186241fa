// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiHost } from '@/lib/api-runtime';
import { INITIAL_STATE, resetAll, setPiece } from '@/lib/client-store';
import { STORAGE_KEYS } from '@/lib/storage-keys';

import type { SelectedCompany } from '../server/selected-company';

import { CLOSED_FULL, HISTORY_FULL, TOYOTA, itemsAll } from '@tests/support/purchase/fixtures';

/**
 * /purchase/select opened for a company (`?corporateNumber=`, issue 13 §1, docs/decisions/0033):
 * the server renders the company block, hydration keeps it exactly (no layout shift), and the
 * company is written to `searched_corporate` — the URL wins over a different stored company.
 * Without the parameter the stored company is used, as before.
 */
vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn() }),
  useSearchParams: () => new URLSearchParams(),
}));
vi.mock('next/link', () => import('@tests/support/link-test-double'));
// The page's catalogue request after hydration (SWR's module loads then, docs/decisions/0047).
vi.mock('@/lib/api-client', async () => {
  const { fakeApiClient } = await import('@tests/support/purchase/api-client');
  const { CLOSED_FULL, HISTORY_FULL, itemsAll } = await import('@tests/support/purchase/fixtures');
  return fakeApiClient((path) => (path === '/api/items/all' ? itemsAll(HISTORY_FULL, CLOSED_FULL) : undefined));
});

const { SelectItems } = await import('./select-items');

const items = itemsAll(HISTORY_FULL, CLOSED_FULL);

const found: SelectedCompany = { status: 'found', company: TOYOTA };
const other = {
  corporateNumber: '8040001999013',
  name: '株式会社ほか',
  kind: '301',
  kindLabel: '株式会社',
  address: '東京都千代田区',
  closed: false,
  selectedAt: '2026-11-01T00:00:00.000Z',
};

// Under the root layout's ApiHost, as every page is (src/lib/api-runtime.ts).
const withSwr = (node: ReactNode) => (
  <SWRConfig value={{ provider: () => new Map() }}>
    <ApiHost>{node}</ApiHost>
  </SWRConfig>
);
/** The server's HTML without React's text separators. */
const ssr = (node: ReactNode) => renderToString(withSwr(node)).replaceAll('<!-- -->', '');
const storedCompany = () =>
  JSON.parse(window.localStorage.getItem(STORAGE_KEYS.searchedCorporate) ?? 'null') as Record<string, unknown> | null;

beforeEach(() => {
  window.localStorage.clear();
  resetAll();
});
afterEach(() => cleanup());

describe('SelectItems opened for a company', () => {
  it('the server render has the company block (name, number, address): no grey lines, controls disabled', () => {
    const html = ssr(<SelectItems initialItems={items} selected={found} />);
    expect(html).toContain('data-testid="company-name">トヨタ自動車株式会社</p>');
    expect(html).toContain('data-testid="company-number">法人番号 1180301018771</p>');
    expect(html).toContain('data-testid="company-address">愛知県豊田市トヨタ町1番地</p>');
    expect(html).not.toContain('data-testid="pending"');
    expect(html).not.toContain('aria-busy');
    expect(html).toMatch(/<input type="checkbox" id="item-history-full" disabled=""/);
    expect(html).toMatch(/<button type="button" class="button" disabled="">お届け先の入力へ進む/);
  });

  it('hydrates the server markup without a change to the company block, then enables the controls', async () => {
    const html = renderToString(withSwr(<SelectItems initialItems={items} selected={found} />));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const before = container.querySelector('#company')?.outerHTML;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      render(withSwr(<SelectItems initialItems={items} selected={found} />), { container, hydrate: true });
    });
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(container.querySelector('#company')?.outerHTML).toBe(before);
    expect((screen.getByLabelText('履歴事項全部証明書') as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'お届け先の入力へ進む' }) as HTMLInputElement).disabled).toBe(false);
  });

  it('the URL wins over a different stored company, which is replaced by the registry’s record', async () => {
    window.localStorage.setItem(STORAGE_KEYS.searchedCorporate, JSON.stringify(other));
    await act(async () => {
      render(withSwr(<SelectItems initialItems={items} selected={found} />));
    });
    expect(screen.getByTestId('company-name').textContent).toContain('トヨタ自動車株式会社');
    const stored = storedCompany();
    expect(stored).toMatchObject({ ...TOYOTA });
    expect(stored?.selectedAt).toEqual(expect.any(String));
    expect(stored?.selectedAt).not.toBe(other.selectedAt);
  });

  it('keeps the stored certificates and delivery of this tab', async () => {
    setPiece('purchaseItemData', {
      ...INITIAL_STATE.purchaseItemData,
      userInput: [{ itemId: 'history-full', quantity: 2 }],
      deliverySpeed: 'express',
    });
    await act(async () => {
      render(withSwr(<SelectItems initialItems={items} selected={found} />));
    });
    expect((screen.getByLabelText('履歴事項全部証明書') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('通数', { selector: '#item-history-full-q' }) as HTMLSelectElement).value).toBe('2');
    expect((screen.getByRole('radio', { name: /速達配送/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('a closed company: only 閉鎖事項全部証明書, said on the server render', () => {
    const closed: SelectedCompany = { status: 'found', company: { ...TOYOTA, closed: true, closeDate: '2020-03-31' } };
    const html = renderToString(withSwr(<SelectItems initialItems={items} selected={closed} />));
    expect(html).toContain('閉鎖事項全部証明書のみお取り寄せいただけます');
    expect(html).toContain('id="item-closed-full"');
    expect(html).not.toContain('id="item-history-full"');
  });

  it('a body without a commercial registry: the page’s message, from the server render on', () => {
    const agency: SelectedCompany = {
      status: 'found',
      company: { ...TOYOTA, corporateNumber: '7000012050002', name: '国税庁', kind: '101', kindLabel: '国の機関' },
    };
    const html = ssr(<SelectItems initialItems={items} selected={agency} />);
    expect(html).toContain('国税庁（国の機関）：この法人種別には商業・法人登記がないため');
    expect(html).not.toContain('お届け先の入力へ進む');
  });

  it('an unknown number: the message and a way back to the search; the stored company is left alone', async () => {
    window.localStorage.setItem(STORAGE_KEYS.searchedCorporate, JSON.stringify(other));
    const missing: SelectedCompany = {
      status: 'not_found',
      corporateNumber: '4000012090001',
      message: '法人番号 4000012090001 の法人は見つかりませんでした。会社を検索して選び直してください。',
    };
    const html = ssr(<SelectItems initialItems={items} selected={missing} />);
    expect(html).toContain('法人番号 4000012090001 の法人は見つかりませんでした。');
    await act(async () => {
      render(withSwr(<SelectItems initialItems={items} selected={missing} />));
    });
    expect(screen.getByTestId('company-problem').textContent).toContain('見つかりませんでした');
    expect(screen.getByRole('link', { name: '会社を検索する' }).getAttribute('href')).toBe('/search');
    expect(storedCompany()).toEqual(other);
  });

  it('the registry unreadable: says so, even with the same company stored (the order could not be taken now)', async () => {
    const unavailable: SelectedCompany = {
      status: 'unavailable',
      corporateNumber: TOYOTA.corporateNumber,
      message: '法人情報を確認できないため、ただいまご注文を受け付けられません。時間をおいてもう一度お試しください。',
    };
    window.localStorage.setItem(STORAGE_KEYS.searchedCorporate, JSON.stringify({ ...TOYOTA, selectedAt: '2026-11-20T00:00:00.000Z' }));
    expect(ssr(<SelectItems initialItems={items} selected={unavailable} />)).toContain('法人情報を確認できないため');
    await act(async () => {
      render(withSwr(<SelectItems initialItems={items} selected={unavailable} />));
    });
    expect(screen.getByTestId('company-problem').textContent).toContain('時間をおいてもう一度お試しください');
    expect(screen.queryByTestId('company-name')).toBeNull();
    expect(screen.queryByRole('button', { name: 'お届け先の入力へ進む' })).toBeNull();
  });
});

describe('SelectItems without a company in the URL (the spec route, an old bookmark)', () => {
  it('renders grey lines on the server and the stored company once hydrated', async () => {
    expect(renderToString(withSwr(<SelectItems initialItems={items} />))).toContain('data-testid="pending"');
    window.localStorage.setItem(STORAGE_KEYS.searchedCorporate, JSON.stringify(other));
    await act(async () => {
      render(withSwr(<SelectItems initialItems={items} />));
    });
    expect(screen.getByTestId('company-name').textContent).toContain('株式会社ほか');
    expect(storedCompany()).toEqual(other);
  });

  it('nothing stored: says no company is chosen', async () => {
    await act(async () => {
      render(withSwr(<SelectItems initialItems={items} />));
    });
    expect(screen.getByRole('status').textContent).toContain('証明書を取り寄せる会社が選ばれていません');
  });
});
