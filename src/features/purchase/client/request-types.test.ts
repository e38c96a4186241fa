import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';

import type { ChargeRequest, PaymentCard, RetryPaymentRequest } from '@/features/payments';
import type { DestinationSchema } from '@/features/orders';
import type { ClientState, Destination, PurchaseItemData, ScheduledDateMaster } from '@/lib/client-store';

import type {
  CreatePaymentHistoryBodySchema,
  DeliverySpeedSchema,
  PurchaseBodySchema,
  RetryPaymentBodySchema,
  SelectedItemSchema,
} from '../schemas';
import type { ItemsAll } from '../server/items';
import type { CreateOrderRequest } from './api';

/**
 * The browser's request types and the shapes it keeps (issue 25 §5): derived from the handlers'
 * schemas and the server's answer types, or pinned to them here. Checked by `npm run typecheck`
 * (expectTypeOf fails to compile when a type drifts from its schema); the `it` only gives vitest a
 * test to list.
 */
describe('client request types', () => {
  it('are the schemas’ inputs and the server’s answers', () => {
    expectTypeOf<CreateOrderRequest>().toEqualTypeOf<z.input<typeof CreatePaymentHistoryBodySchema>>();
    expectTypeOf<ChargeRequest>().toEqualTypeOf<z.input<typeof PurchaseBodySchema>>();
    expectTypeOf<RetryPaymentRequest>().toEqualTypeOf<z.input<typeof RetryPaymentBodySchema>>();
    expectTypeOf<PaymentCard>().toEqualTypeOf<{ token: string } | { cardId: string }>();

    // The schema's input takes strings, not `unknown` (orders/schemas.ts types its NFKC step).
    expectTypeOf<CreateOrderRequest['destination']['recipient']>().toEqualTypeOf<string>();
    // @ts-expect-error the order must be agreed to
    const notAgreed: Pick<CreateOrderRequest, 'agreed'> = { agreed: false };
    // @ts-expect-error a card is a token or a registered card's id
    const noCard: ChargeRequest = { paymentId: 'x', card: {} };
    // @ts-expect-error a retry names the attempt the page showed
    const noAttempt: RetryPaymentRequest = { paymentId: 'x', card: { cardId: 'car_1' } };
    void [notAgreed, noCard, noAttempt];
  });

  it('keep the client state (src/lib/client-store.ts, spec §3) sendable as the schemas take it', () => {
    // What the recipient step stores is exactly the destination the order body takes (every field
    // present: the store keeps '' for an empty 建物名).
    expectTypeOf<Destination>().toEqualTypeOf<Required<z.input<typeof DestinationSchema>>>();
    expectTypeOf<PurchaseItemData['userInput'][number]>().toEqualTypeOf<z.input<typeof SelectedItemSchema>>();
    expectTypeOf<PurchaseItemData['deliverySpeed']>().toEqualTypeOf<z.input<typeof DeliverySpeedSchema>>();
    // The delivery dates the select step stores are those GET /api/items/all answers.
    expectTypeOf<ScheduledDateMaster>().toEqualTypeOf<ItemsAll['scheduledDateMaster']>();
    // The confirmation's body, built from the client state, is a CreateOrderRequest.
    expectTypeOf<{
      idempotencyKey: string;
      company: { corporateNumber: string };
      selection: { items: PurchaseItemData['userInput']; deliverySpeed: PurchaseItemData['deliverySpeed'] };
      destination: ClientState['destination'];
      expectedTotalYen: number;
      agreed: true;
    }>().toExtend<CreateOrderRequest>();
  });
});
