// @vitest-environment jsdom
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiHost } from '@/lib/api-runtime';
import { INITIAL_STATE, resetAll, setPiece } from '@/lib/client-store';
import { STORAGE_KEYS } from '@/lib/storage-keys';

import { DESTINATION } from '@tests/support/purchase/fixtures';

/** The confirmation step shows the postal code the one way (issue 13): 〒100-0005, not the stored 1000005. */

// The schema chunk is imported on first use; under a loaded machine that takes more than a second.
configure({ asyncUtilTimeout: 15_000 });

const router = { push: vi.fn(), replace: vi.fn() };
vi.mock('next/navigation', () => ({ useRouter: () => router, useSearchParams: () => new URLSearchParams() }));
vi.mock('next/link', () => import('@tests/support/link-test-double'));

const { Confirmation } = await import('./confirmation');

const legal = {
  paymentTiming: [],
  deliveryTiming: [],
  cancellation: [],
  validity: [],
  termsUrl: '/terms',
  lawUrl: '/law',
  privacyUrl: '/privacy',
};

afterEach(() => cleanup());

function storeOrder(d: typeof DESTINATION) {
  resetAll();
  window.localStorage.setItem(
    STORAGE_KEYS.searchedCorporate,
    JSON.stringify({ corporateNumber: '1180301018771', name: 'トヨタ自動車株式会社', kind: '301', closed: false }),
  );
  setPiece('purchaseItemData', { ...INITIAL_STATE.purchaseItemData, userInput: [{ itemId: 'history-full', quantity: 1 }] });
  setPiece('destination', d);
}

describe('Confirmation', () => {
  afterEach(() => router.replace.mockClear());

  it('renders its shell on the server: headings, legal texts and grey lines, no overlay (docs/decisions/0033)', () => {
    storeOrder(DESTINATION);
    const html = renderToString(<Confirmation legal={{ ...legal, cancellation: ['お申込み後のキャンセルはできません。'] }} />);
    expect(html).toContain('ご注文内容の確認');
    expect(html).toContain('キャンセル・返品について');
    expect(html).toContain('お申込み後のキャンセルはできません。');
    expect(html).toContain('data-testid="pending"');
    expect(html).not.toContain('loading-overlay');
    // what only this tab's storage knows is not in the server's markup
    expect(html).not.toContain('トヨタ自動車株式会社');
    expect(html).toMatch(/data-testid="order-button"[^>]*disabled=""|disabled=""[^>]*data-testid="order-button"/);
  });

  it('sends an incomplete stored address back to its step once the page is shown', async () => {
    storeOrder({ ...DESTINATION, destinationStreet: '' });
    render(
      <ApiHost>
        <Confirmation legal={legal} />
      </ApiHost>,
    );
    await screen.findByText('トヨタ自動車株式会社');
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/purchase/recipient-info?restart=1'));
  });

  it('shows the stored 7 digits as 〒100-0005', async () => {
    storeOrder(DESTINATION);
    render(
      <ApiHost>
        <Confirmation legal={legal} />
      </ApiHost>,
    );
    await screen.findByRole('heading', { name: 'お届け' });
    const delivery = document.getElementById('delivery');
    await waitFor(() => expect(delivery?.textContent).toContain('〒100-0005'));
    expect(delivery?.textContent).not.toContain('〒1000005');
    // the address check runs after the page is shown, with the server's schema loaded then
    await new Promise((resolve) => setTimeout(resolve, 0));
    await vi.dynamicImportSettled();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.replace).not.toHaveBeenCalled();
  });
});
