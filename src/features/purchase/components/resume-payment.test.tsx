// @vitest-environment jsdom
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';

// useApi as on a page after SWR's module has arrived: useSWR in the component, within this test's SWRConfig.
import '@/lib/swr-runtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type * as Payments from '@/features/payments';
import type { CardView } from '@/features/payments';
import { apiFetch } from '@/lib/api-client';

import { VISA_CARD } from '@tests/support/purchase/fixtures';
import { payjp, resetPayjp } from '@tests/support/purchase/payjp';

/**
 * お支払いの再開 (/purchase/resume) with the card section it shares with the recipient step: the
 * chosen card is sent with the retry (a registered card's id, or a new card's token), nothing is
 * kept in this tab's purchase state, and the card's errors are said under the fields and in the
 * summary, which takes the focus.
 */

configure({ asyncUtilTimeout: 15_000 });

const PAYMENT_ID = '0b9c6f4e-2f3a-4c55-8d2e-1a2b3c4d5e6f';
const router = { push: vi.fn(), replace: vi.fn() };
vi.mock('next/navigation', () => ({
  useRouter: () => router,
  useSearchParams: () => new URLSearchParams({ paymentId: PAYMENT_ID }),
}));
vi.mock('next/link', () => import('@tests/support/link-test-double'));
vi.mock('@/features/payments', async (importOriginal) => ({ ...(await importOriginal<typeof Payments>()), CancelUnpaidOrder: () => null }));

const VISA: CardView = { ...VISA_CARD, isDefault: true };

const server = vi.hoisted(() => ({ cards: [] as unknown[], retries: [] as unknown[], recipient: '山田 太郎' }));
vi.mock('@/lib/api-client', async () => {
  const { fakeApiClient, publicKeyAnswer, registeredCardsAnswer } = await import('@tests/support/purchase/api-client');
  const { DESTINATION } = await import('@tests/support/purchase/fixtures');
  // The order's address, as /api/payments/latest gives it: no 領収書の宛名.
  const { receiptRecipient: _receiptRecipient, ...destination } = DESTINATION;
  const order = {
    paymentId: '0b9c6f4e-2f3a-4c55-8d2e-1a2b3c4d5e6f',
    status: 'awaiting_3ds',
    resumable: true,
    paymentAttempt: 1,
    statusLabel: 'お手続き中',
    statusMeaning: '本人認証（3-Dセキュア）が完了していないため、お支払いが完了していません。',
    paymentDeadline: '2026-11-26T08:00:00.000Z',
    company: { name: 'トヨタ自動車株式会社', corporateNumber: '1180301018771' },
    lines: [{ kind: 'item', itemId: 'history-full', name: '履歴事項全部証明書', quantity: 1, amountYen: 3150 }],
    totalYen: 3150,
    scheduledStartDate: '2026-11-30',
    scheduledEndDate: '2026-12-02',
    deliverySpeed: 'normal',
    destination,
    failure: null,
  };
  return fakeApiClient(
    publicKeyAnswer(() => 'pk_test_0000'),
    registeredCardsAnswer(() => server.cards),
    (path, options) => {
      if (path.startsWith('/api/payments/latest?'))
        return { order: { ...order, destination: { ...destination, recipient: server.recipient } } };
      if (path === '/api/payments/retry' && options.method === 'POST') {
        server.retries.push(options.body);
        return { paymentId: order.paymentId, status: 'paid' };
      }
      return undefined;
    },
  );
});
vi.mock('@/features/payments/client/payjp-js', () => import('@tests/support/purchase/payjp'));

const { ResumePayment } = await import('./resume-payment');

async function renderPage(): Promise<HTMLButtonElement> {
  render(
    <SWRConfig value={{ fetcher: (path: string) => apiFetch(path), provider: () => new Map(), dedupingInterval: 0 }}>
      <ResumePayment payjpJsUrl="https://js.example/v2/pay.js" />
    </SWRConfig>,
  );
  await screen.findByRole('heading', { name: 'お支払いの再開' });
  const pay = screen.getByRole('button', { name: 'お支払いを再開する（3,150円）' }) as HTMLButtonElement;
  await waitFor(() => expect(pay.disabled).toBe(false));
  return pay;
}

function input(id: string): HTMLInputElement {
  const el = document.getElementById(id);
  if (!(el instanceof HTMLInputElement)) throw new Error(`no input #${id}`);
  return el;
}

beforeEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
  server.cards = [];
  server.retries = [];
  server.recipient = '山田 太郎';
  router.push.mockReset();
  resetPayjp();
});

afterEach(() => cleanup());

describe('the card sent with the retry', () => {
  it('is the registered card chosen by default, by its id; nothing is kept in the purchase state', async () => {
    server.cards = [VISA];
    const pay = await renderPage();
    await waitFor(() => expect((screen.getByRole('radio', { name: /Visa\s+\*\*\*\* 4242/ }) as HTMLInputElement).checked).toBe(true));
    // Paying again is not where cards are managed or registered.
    expect(screen.queryByRole('button', { name: '削除' })).toBeNull();
    fireEvent.click(pay);
    await waitFor(() => expect(router.push).toHaveBeenCalledWith(`/purchase/completion?paymentId=${PAYMENT_ID}`));
    expect(server.retries).toEqual([{ paymentId: PAYMENT_ID, card: { cardId: 'car_visa' }, attempt: 1 }]);
    expect(window.sessionStorage.length).toBe(0);
  });

  it('is a new card’s token, made with the converted カード名義; no offer to register it', async () => {
    payjp.createToken.mockResolvedValue({
      id: 'tok_resume',
      card: { brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030, name: null },
    });
    const pay = await renderPage();
    await screen.findByTestId('card-element');
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.change(input('cardName'), { target: { value: 'ｔａｒｏ　ｙａｍａｄａ' } });
    fireEvent.change(input('cardEmail'), { target: { value: ' taro@example.jp ' } });
    fireEvent.click(pay);
    await waitFor(() => expect(router.push).toHaveBeenCalled());
    expect(payjp.createToken).toHaveBeenCalledWith(expect.anything(), { card: { name: 'TARO YAMADA', email: 'taro@example.jp' } });
    expect(server.retries).toEqual([{ paymentId: PAYMENT_ID, card: { token: 'tok_resume' }, attempt: 1 }]);
    expect(window.sessionStorage.length).toBe(0);
  });
});

describe('the お届け先 宛名 (the one honorific rule, docs/decisions/0024)', () => {
  it('keeps a typed 御中 and adds nothing to it; a person gets 様', async () => {
    server.recipient = '株式会社サンプル 総務部 御中';
    await renderPage();
    expect(screen.getByText(/株式会社サンプル 総務部 御中/).textContent).not.toContain('御中 様');
    cleanup();
    server.recipient = '山田 太郎';
    await renderPage();
    expect(screen.getByText(/山田 太郎 様/)).toBeTruthy();
  });
});

describe('a double click', () => {
  it('sends one retry', async () => {
    server.cards = [VISA];
    const pay = await renderPage();
    await waitFor(() => expect((screen.getByRole('radio', { name: /Visa\s+\*\*\*\* 4242/ }) as HTMLInputElement).checked).toBe(true));
    fireEvent.click(pay);
    fireEvent.click(pay);
    await waitFor(() => expect(router.push).toHaveBeenCalled());
    expect(server.retries).toHaveLength(1);
  });
});

describe('errors', () => {
  it('are said in Japanese under the fields and in the summary, which is focused; nothing is sent', async () => {
    const pay = await renderPage();
    await screen.findByTestId('card-element');
    fireEvent.click(pay);
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('入力内容に誤りがあります。各項目をご確認ください。');
    expect(screen.getByRole('link', { name: 'カード名義を、カードに記載のとおり入力してください（例：TARO YAMADA）。' })).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'メールアドレス（本人認証用）：本人認証（3-Dセキュア）に使うメールアドレスを入力してください。' }),
    ).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(document.getElementById('cardName-error')?.textContent).toBe(
      'カード名義を、カードに記載のとおり入力してください（例：TARO YAMADA）。',
    );
    expect(payjp.createToken).not.toHaveBeenCalled();
    expect(server.retries).toEqual([]);
  });

  it('focuses the summary after an error shown on leaving the カード名義', async () => {
    const pay = await renderPage();
    await screen.findByTestId('card-element');
    fireEvent.change(input('cardName'), { target: { value: 'ヤマダ タロウ' } });
    fireEvent.blur(input('cardName'));
    fireEvent.click(pay);
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
  });
});
