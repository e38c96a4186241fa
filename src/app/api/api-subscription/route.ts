import { ApiPlanChangeBodySchema, ApiSubscribeBodySchema } from '@/features/api';
import { apiPlans, cancelSubscription, changePlan, subscribe, subscriptionView } from '@/features/api/index.server';
import { defineRoute, method } from '@/server/http/route';

/**
 * The member's paid API plan (issue 27 §2, docs/decisions/0112): GET → the plans and the member's
 * subscription with its periods; POST `{ planId, cardId }` → subscribe (or resume after a failed
 * renewal) — `{ redirectUrl }` when the card must pass 3-D Secure first; PATCH `{ planId }` → upgrade
 * now, downgrade at the period's end, the current plan again undoes a cancellation or a waiting
 * downgrade; DELETE → cancel at the period's end.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: method({
    auth: 'required',
    handler: async ({ session }) => ({ plans: apiPlans(), subscription: await subscriptionView(session.userId) }),
  }),
  POST: method({
    auth: 'required',
    body: ApiSubscribeBodySchema,
    handler: async ({ session, body }) => {
      const outcome = await subscribe(session.userId, body);
      return outcome.done ? { subscription: await subscriptionView(session.userId) } : { redirectUrl: outcome.redirectUrl };
    },
  }),
  PATCH: method({
    auth: 'required',
    body: ApiPlanChangeBodySchema,
    handler: async ({ session, body }) => {
      await changePlan(session.userId, body.planId);
      return { subscription: await subscriptionView(session.userId) };
    },
  }),
  DELETE: method({
    auth: 'required',
    handler: async ({ session }) => {
      await cancelSubscription(session.userId);
      return { subscription: await subscriptionView(session.userId) };
    },
  }),
});
