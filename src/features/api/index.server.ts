import 'server-only';

/** The public API feature's server face (issue 26): keys for the key page, the lean router, the unregister clean-up. */
export { createApiKey, listApiKeys, revokeApiKey, revokeApiKeysOf } from './server/keys';
export { apiMeter } from './server/metering';
export { createApiListener, servesPath } from './server/router';
export { openApiDocument } from './server/openapi';
export { apiPlans, ensurePayjpPlans } from './server/plans';
export {
  cancelSubscription,
  changePlan,
  checkSubscriptions,
  finishThreeDSecure as finishSubscriptionThreeDSecure,
  subscribe,
  startSubscriptionCheck,
  subscriptionView,
  syncSubscription,
} from './server/subscriptions';
export {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  emitWebhookEvent,
  listWebhookDeliveries,
  listWebhookEndpoints,
  replayWebhookDelivery,
  rotateWebhookSecret,
} from './server/webhooks';
export { runWebhookJob, startServerWebhookJob } from './server/webhook-delivery';
