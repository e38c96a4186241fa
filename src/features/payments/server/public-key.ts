import 'server-only';

import { getEnv } from '@/config/env';

/** The publishable card key for payjp.js, or '' when card payment is not configured. */
export function getPayjpPublicKey(): string {
  return getEnv().PAYJP_PUBLIC_KEY ?? '';
}
