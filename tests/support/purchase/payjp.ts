import { vi } from 'vitest';

import type { PayjpCardElement, PayjpInstance } from '@/features/payments/client/payjp-js';

/**
 * PAY.JP's loader (`payments/client/payjp-js.ts`) as the purchase component tests fake it:
 * `vi.mock('@/features/payments/client/payjp-js', () => import('@tests/support/purchase/payjp'))`. The card field is a stand-in
 * that mounts nowhere; `payjp` records what the page did with it — how often pay.js was loaded,
 * the field's change handler (to report PAY.JP's field errors) — and `createToken` is the test's
 * to answer. Test support only: production code never imports this folder.
 */
type ChangeHandler = Parameters<PayjpCardElement['on']>[1];

export const payjp = {
  createToken: vi.fn<PayjpInstance['createToken']>(),
  change: null as ChangeHandler | null,
  loads: 0,
};

/** Before each test: no token answer, no field, nothing loaded. */
export function resetPayjp(): void {
  payjp.createToken.mockReset();
  payjp.change = null;
  payjp.loads = 0;
}

export const getPayjp = vi.fn(async (): Promise<PayjpInstance> => {
  payjp.loads += 1;
  return {
    elements: () => ({
      create: () => ({
        mount: () => undefined,
        on: (_event, handler) => {
          payjp.change = handler;
        },
        unmount: () => undefined,
        destroy: () => undefined,
      }),
    }),
    createToken: payjp.createToken,
  };
});
