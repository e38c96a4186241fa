import { payjpBuyerMessage } from '@/features/payments';
import { addCard, deleteCard, listCards, setDefaultCard } from '@/features/payments/server/customers';
import { PayjpApiError, PayjpError, describePayjpFailure } from '@/features/payments/server/payjp/errors';
import { AddCardBodySchema, DeleteCardBodySchema } from '@/features/purchase/schemas';
import { AppError } from '@/server/http/app-error';
import { defineRoute, method } from '@/server/http/route';

/** PAY.JP failures as the one error shape, with the buyer's Japanese message. */
function payjpFailure(error: unknown): never {
  if (!(error instanceof PayjpError)) throw error;
  if (error instanceof PayjpApiError && error.status >= 400 && error.status < 500 && error.code) {
    const m = payjpBuyerMessage(error.code);
    throw new AppError(error.code === 'already_have_the_same_card' || error.code === 'already_have_card' ? 'card_exists' : 'card_error', {
      status: error.code.startsWith('already_have') ? 409 : 422,
      message: m.message,
    });
  }
  throw new AppError('payment_service_unavailable', { status: 503, message: describePayjpFailure(error).message });
}

/**
 * The member's registered cards, kept only at PAY.JP as the cards of the member's customer
 * (docs/api.md). GET → `{ cards: [{id, brand, last4, expDate:{year,month}, cardName, isDefault}] }`;
 * POST `{ token, makeDefault? }` (a payjp.js token; the card becomes the default unless makeDefault is false) → `{ card }`; DELETE `{ cardId }` → `{ deleted: true }`;
 * PATCH `{ cardId }` → the card becomes the default, answers `{ cards }` (not in the spec; マイページ).
 * Demo members cannot register cards (403 demo_forbidden); no card is registered while card payment
 * is switched off (503 payment_unavailable), though listing and deleting still work.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: method({
    auth: 'required',
    handler: async ({ session }) => ({ cards: await listCards(session.userId).catch(payjpFailure) }),
  }),
  POST: method({
    auth: 'required',
    body: AddCardBodySchema,
    handler: async ({ session, body }) => ({
      card: await addCard(session.userId, body.token, { makeDefault: body.makeDefault }).catch(payjpFailure),
    }),
  }),
  PATCH: method({
    auth: 'required',
    body: DeleteCardBodySchema,
    handler: async ({ session, body }) => ({ cards: await setDefaultCard(session.userId, body.cardId).catch(payjpFailure) }),
  }),
  DELETE: method({
    auth: 'required',
    body: DeleteCardBodySchema,
    handler: async ({ session, body }) => {
      await deleteCard(session.userId, body.cardId).catch(payjpFailure);
      return { deleted: true };
    },
  }),
});
