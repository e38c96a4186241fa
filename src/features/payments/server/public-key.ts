import 'server-only';

import { AppError } from '@/server/http/app-error';

import { getPayjpConfig } from './payjp/config';

/** The publishable card key for payjp.js, or '' when card payment is switched off (`PAYJP_PUBLIC_KEY=`). */
export function getPayjpPublicKey(): string {
  return getPayjpConfig().publicKey;
}

const PAYMENT_UNAVAILABLE_MESSAGE =
  'ただいまカードでのお支払いを受け付けておりません。時間をおいてお試しいただくか、お問い合わせください。';

/**
 * Refuses new orders, charges and card registrations while card payment is switched off, so the
 * server agrees with what /api/payjp/public-key tells the order screens. What is already under
 * way (the 3-D Secure return, webhooks, reconciliation) and a member's own card list and deletion
 * keep working.
 */
export function assertCardPaymentAvailable(): void {
  if (getPayjpPublicKey() === '') {
    throw new AppError('payment_unavailable', { status: 503, message: PAYMENT_UNAVAILABLE_MESSAGE, headers: { 'Retry-After': '300' } });
  }
}
