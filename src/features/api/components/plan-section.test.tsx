// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The plan section of /my-page/api (issue 27 §2) in a DOM: what it says of each state, and the
 * calls its buttons make. The API client and SWR are stand-ins; the server side is tested in
 * tests/integration/api-subscriptions.int.test.ts.
 */

vi.mock('next/link', () => import('@tests/support/link-test-double'));

const answers = vi.hoisted(() => ({ state: null as unknown, cards: { cards: [] as unknown[] }, calls: [] as unknown[] }));
vi.mock('@/lib/use-api', () => ({
  useApi: (key: string) => ({
    data: key === '/api/api-subscription' ? answers.state : answers.cards,
    mutate: async () => undefined,
  }),
}));
vi.mock('@/lib/api-client', () => ({
  ApiError: class ApiError extends Error {},
  apiFetch: async (path: string, init: unknown) => {
    answers.calls.push([path, init]);
    return {};
  },
}));

const { PlanSection } = await import('./plan-section');

const plans = [
  { id: 'free', name: 'フリー', priceYen: 0, monthlyQuota: 10_000, ratePerSecond: 10 },
  { id: 'standard', name: 'スタンダード', priceYen: 5500, monthlyQuota: 100_000, ratePerSecond: 30 },
  { id: 'pro', name: 'プロ', priceYen: 22_000, monthlyQuota: 1_000_000, ratePerSecond: 100 },
];
const none = { plan: plans[0], status: 'none', currentPeriodEnd: null, nextPlan: null, graceUntil: null, periods: [] };

afterEach(() => {
  cleanup();
  answers.calls = [];
});

describe('the plan section', () => {
  it('on the free plan: offers the paid plans and subscribes with the default card', async () => {
    answers.state = { plans, subscription: none };
    answers.cards = { cards: [{ id: 'car_1', brand: 'Visa', last4: '4242', isDefault: true }] };
    render(<PlanSection notice={null} />);
    expect(screen.getByTestId('api-plan').textContent).toContain('フリー');
    fireEvent.click(screen.getByLabelText(/プロ：22,000円（税込）/));
    fireEvent.click(screen.getByRole('button', { name: '申し込む（決済します）' }));
    await vi.waitFor(() =>
      expect(answers.calls).toEqual([['/api/api-subscription', { method: 'POST', body: { planId: 'pro', cardId: 'car_1' } }]]),
    );
  });

  it('subscribed: shows the next renewal and the periods, changes the plan and cancels at the period’s end', async () => {
    answers.state = {
      plans,
      subscription: {
        ...none,
        plan: plans[1],
        status: 'active',
        currentPeriodEnd: '2027-01-07T03:00:00.000Z',
        periods: [
          {
            id: 'p1',
            planName: 'スタンダード',
            amountYen: 5500,
            taxYen: 500,
            periodStart: '2026-12-07T03:00:00.000Z',
            periodEnd: '2027-01-07T03:00:00.000Z',
            refundedYen: 0,
          },
        ],
      },
    };
    render(<PlanSection notice="有料プランのお申し込みが完了しました。" />);
    expect(screen.getByText(/次回更新日：2027年1月7日/)).toBeTruthy();
    expect(screen.getByText(/5,500円（税込）（うち消費税 500円）/)).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/プロ：/));
    fireEvent.click(screen.getByRole('button', { name: 'プランを変更する' }));
    await vi.waitFor(() => expect(answers.calls).toHaveLength(1));
    const cancel = screen.getByRole('button', { name: '解約する（期間の終わりに終了）' });
    await vi.waitFor(() => expect((cancel as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(cancel);
    await vi.waitFor(() => expect(answers.calls).toHaveLength(2));
    expect(answers.calls).toEqual([
      ['/api/api-subscription', { method: 'PATCH', body: { planId: 'pro' } }],
      ['/api/api-subscription', { method: 'DELETE' }],
    ]);
  });
});
