/**
 * The key page's endpoints as the browser calls them (issue 26 §3). Answers are typed by
 * type-only imports of ../schemas (erased: no zod in the page's bundle).
 */
import { apiFetch } from '@/lib/api-client';
import type { ApiKey } from '@/lib/api-key';

import type { ApiPlan, SubscriptionView } from '../rules';
import type { ApiKeyList, CreatedApiKey, CreatedWebhookEndpoint, WebhookDeliveryList, WebhookEndpointList } from '../schemas';

/** GET /api/api-keys: the member's keys, the last 30 days' requests and this month's use. */
export function apiKeysKey(): ApiKey<ApiKeyList> {
  return '/api/api-keys';
}

/** POST /api/api-keys: a new key, shown once. */
export function createKey(name: string): Promise<CreatedApiKey> {
  return apiFetch('/api/api-keys', { method: 'POST', body: { name } });
}

/** DELETE /api/api-keys/{id} */
export function revokeKey(id: string): Promise<{ revoked: true }> {
  return apiFetch(`/api/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** The member's paid plan as GET /api/api-subscription answers it (server/subscriptions.ts). */
export interface ApiSubscriptionState {
  plans: ApiPlan[];
  subscription: SubscriptionView;
}
type SubscriptionAnswer = { subscription: ApiSubscriptionState['subscription'] };

const SUBSCRIPTION = '/api/api-subscription';

export function apiSubscriptionKey(): ApiKey<ApiSubscriptionState> {
  return SUBSCRIPTION;
}

/** POST: subscribe (or resume after a failed renewal) with a card; `redirectUrl` when its 3-D Secure comes first. */
export function subscribeToPlan(planId: string, cardId: string): Promise<SubscriptionAnswer | { redirectUrl: string }> {
  return apiFetch(SUBSCRIPTION, { method: 'POST', body: { planId, cardId } });
}

/** PATCH: another plan (up at once, down at the period's end), or the current one to undo a cancellation. */
export function changeApiPlan(planId: string): Promise<SubscriptionAnswer> {
  return apiFetch(SUBSCRIPTION, { method: 'PATCH', body: { planId } });
}

/** DELETE: cancel at the period's end. */
export function cancelApiPlan(): Promise<SubscriptionAnswer> {
  return apiFetch(SUBSCRIPTION, { method: 'DELETE' });
}

/** GET /api/webhook-endpoints: the member's webhook endpoints (issue 27 §5). */
export function webhookEndpointsKey(): ApiKey<WebhookEndpointList> {
  return '/api/webhook-endpoints';
}

/** POST /api/webhook-endpoints: registers an endpoint; its signing secret is in this answer only. */
export function createWebhookEndpoint(body: { url: string; eventTypes: string[] }): Promise<CreatedWebhookEndpoint> {
  return apiFetch('/api/webhook-endpoints', { method: 'POST', body });
}

/** DELETE /api/webhook-endpoints/{id} */
export function deleteWebhookEndpoint(id: string): Promise<{ deleted: true }> {
  return apiFetch(`/api/webhook-endpoints/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** POST /api/webhook-endpoints/{id}/rotate-secret: a new secret, shown once. */
export function rotateWebhookSecret(id: string): Promise<CreatedWebhookEndpoint> {
  return apiFetch(`/api/webhook-endpoints/${encodeURIComponent(id)}/rotate-secret`, { method: 'POST' });
}

/** GET /api/webhook-endpoints/{id}/deliveries: the endpoint's recent deliveries. */
export function webhookDeliveriesKey(id: string): ApiKey<WebhookDeliveryList> {
  return `/api/webhook-endpoints/${encodeURIComponent(id)}/deliveries`;
}

/** POST …/deliveries/{deliveryId}/replay: sends the delivery's event again. */
export function replayWebhookDelivery(id: string, deliveryId: number): Promise<{ id: number }> {
  return apiFetch(`/api/webhook-endpoints/${encodeURIComponent(id)}/deliveries/${deliveryId}/replay`, { method: 'POST' });
}
