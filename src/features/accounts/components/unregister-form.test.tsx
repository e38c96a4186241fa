// @vitest-environment jsdom
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import { SWRConfig } from 'swr';

// useApi as on a page after SWR's module has arrived: useSWR in the component, within this test's SWRConfig.
import '@/lib/swr-runtime';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { swrDefaults } from '@/lib/swr-defaults';

import { TEST_ME } from '@tests/support/member';

/**
 * /my-page/unregister with orders that keep the member from leaving (docs/decisions/0050, 0049): a
 * payment under way is named with a link to finish or cancel it, and there is no 退会する.
 */

configure({ asyncUtilTimeout: 15_000 });

vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn(), replace: vi.fn() }) }));
vi.mock('next/link', () => import('@tests/support/link-test-double'));

const { UnregisterForm } = await import('./unregister-form');

const ME = TEST_ME;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(blocked: Parameters<typeof UnregisterForm>[0]['blocked']) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(ME), { status: 200, headers: { 'Content-Type': 'application/json' } })),
  );
  return render(
    <SWRConfig value={{ ...swrDefaults(), provider: () => new Map(), dedupingInterval: 0 }}>
      <UnregisterForm blocked={blocked} />
    </SWRConfig>,
  );
}

describe('UnregisterForm with orders in progress', () => {
  it('names a payment waiting for 3-D Secure, links to finishing or cancelling it, and offers no 退会する', async () => {
    renderForm({
      inProgress: ['HJ-2611-AAAAA'],
      paying: [
        { orderNumber: 'HJ-2611-BBBBB', paymentId: '6f1d2c3b-0000-4000-8000-000000000001', resumable: true },
        { orderNumber: 'HJ-2611-CCCCC', paymentId: '6f1d2c3b-0000-4000-8000-000000000002', resumable: false },
      ],
    });
    const blocked = await screen.findByTestId('unregister-blocked');
    expect(blocked.textContent).toContain(
      'お支払い手続き中のご注文（注文番号：HJ-2611-BBBBB、HJ-2611-CCCCC）があるため、退会できません。お支払いを完了するか、お申込みを取り消してから、あらためて退会してください。',
    );
    expect(blocked.textContent).toContain('お手続き中のご注文（注文番号：HJ-2611-AAAAA）があるため、退会できません。');
    const finish = within(blocked).getByRole('link', { name: '注文番号 HJ-2611-BBBBB のお支払いを完了する・取り消す' });
    expect(finish.getAttribute('href')).toBe('/purchase/resume?paymentId=6f1d2c3b-0000-4000-8000-000000000001');
    // being confirmed with PAY.JP: nothing to do but wait (the history shows its state)
    expect(within(blocked).queryByRole('link', { name: /HJ-2611-CCCCC/ })).toBeNull();
    expect(within(blocked).getByRole('link', { name: 'お支払い履歴を見る' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '退会する' })).toBeNull();
  });

  it('without orders in progress: the form', async () => {
    renderForm(undefined);
    expect(await screen.findByRole('button', { name: '退会する' })).toBeTruthy();
    expect(screen.queryByTestId('unregister-blocked')).toBeNull();
    expect(screen.getByText('ウォッチリスト、変更通知メールの設定と配信の記録')).toBeTruthy();
  });
});
