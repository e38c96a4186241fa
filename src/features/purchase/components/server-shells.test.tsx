// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { SWRConfig } from 'swr';
import { describe, expect, it, vi } from 'vitest';

import { INITIAL_STATE } from '@/lib/client-store';

import type { LatestOrder } from './completion';
import { HISTORY_FULL, itemsAll } from '@tests/support/purchase/fixtures';

/**
 * The purchase steps' server render (issue 13 §1, docs/decisions/0033): the static shell and what
 * the server knows paint before the JavaScript arrives; what only this tab's storage knows is a
 * grey line; never the full-page loading overlay.
 */
const params = vi.hoisted(() => ({ value: new URLSearchParams() }));
vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn() }),
  useSearchParams: () => params.value,
}));
vi.mock('next/link', () => import('@tests/support/link-test-double'));

const { SelectItems } = await import('./select-items');
const { RecipientInfo } = await import('./recipient-info');
const { PrefectureOptions } = await import('./prefecture-options');
const { RECIPIENT_NOTES } = await import('./recipient-notes');
const { Completion } = await import('./completion');

const fresh = (node: ReactNode) => renderToString(<SWRConfig value={{ provider: () => new Map() }}>{node}</SWRConfig>);

const items = itemsAll(HISTORY_FULL);

describe('purchase steps rendered on the server', () => {
  it('/purchase/select: the certificates the server read, the company as grey lines, controls disabled', () => {
    const html = fresh(<SelectItems initialItems={items} />);
    expect(html).toContain('証明書の選択');
    expect(html).toContain('履歴事項全部証明書');
    expect(html).toContain('data-testid="pending"');
    expect(html).not.toContain('loading-overlay');
    expect(html).toMatch(/<input type="checkbox" id="item-history-full" disabled=""/);
    expect(html).toMatch(/<button type="button" class="button" disabled="">お届け先の入力へ進む/);
  });

  it('/purchase/select without the certificates (no session on the server): the overlay, as before', () => {
    expect(fresh(<SelectItems initialItems={null} />)).toContain('loading-overlay');
  });

  it('/purchase/recipient-info: the whole form, unusable until storage is read', () => {
    const html = fresh(
      <RecipientInfo payjpJsUrl="http://127.0.0.1/pay.js" prefectureOptions={<PrefectureOptions />} notes={RECIPIENT_NOTES} />,
    );
    expect(html).toContain('お届け先・お支払い方法');
    expect(html).toContain('郵便番号');
    expect(html).toMatch(/<fieldset[^>]*disabled=""/);
    expect(html).not.toContain('loading-overlay');
  });

  it('/purchase/completion?paymentId=…: the paid order the server read', () => {
    const order = {
      paymentId: '0b8f2a9e-1d3c-4e5f-8a7b-6c5d4e3f2a1b',
      orderNumber: 'HJ-2611-4K7Q',
      status: 'paid',
      statusLabel: '支払い完了',
      statusMeaning: null,
      resumable: false,
      paymentDeadline: null,
      createdAt: '2026-11-26T04:00:00.000Z',
      paidAt: '2026-11-26T04:01:00.000Z',
      company: { corporateNumber: '1180301018771', name: 'トヨタ自動車株式会社' },
      lines: [],
      taxRates: [],
      nonTaxableTotalYen: 0,
      taxTotalYen: 0,
      totalYen: 1480,
      isFirstPurchase: false,
      deliverySpeed: 'normal',
      scheduledStartDate: '2026-11-30',
      scheduledEndDate: '2026-12-02',
      destination: { ...INITIAL_STATE.destination, recipient: '山田 太郎' },
      card: null,
      failureCode: null,
      receiptUrl: null,
      failure: null,
    } as unknown as LatestOrder;
    params.value = new URLSearchParams({ paymentId: order.paymentId });
    const html = fresh(<Completion initialOrder={order} />);
    expect(html).toContain('ご注文ありがとうございました');
    expect(html).toContain('HJ-2611-4K7Q');
    expect(html).not.toContain('loading-overlay');
    // another order named in the address than the one rendered: asked for after hydration
    params.value = new URLSearchParams({ paymentId: '1b8f2a9e-1d3c-4e5f-8a7b-6c5d4e3f2a1b' });
    expect(fresh(<Completion initialOrder={order} />)).toContain('loading-overlay');
  });
});
