import { SavedAddressDeleteBodySchema, SavedAddressUpdateBodySchema } from '@/features/purchase/schemas';
import { deleteSavedAddress, listSavedAddresses, updateSavedAddress } from '@/features/purchase/server/saved-addresses';
import { defineRoute, method } from '@/server/http/route';

/**
 * The member's saved delivery addresses (not in the spec; issue 24 §4, docs/decisions/0063): each
 * confirmed order's destination, ≤ 10, the most recently used first. GET → `{ addresses }`;
 * PUT `{ id, destination }` (the order API's destination) → `{ addresses }`; DELETE `{ id }` →
 * `{ addresses }`. Another member's id is a 404.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: method({
    auth: 'required',
    handler: async ({ session }) => ({ addresses: await listSavedAddresses(session.userId) }),
  }),
  PUT: method({
    auth: 'required',
    body: SavedAddressUpdateBodySchema,
    handler: async ({ session, body }) => ({ addresses: await updateSavedAddress(session.userId, body.id, body.destination) }),
  }),
  DELETE: method({
    auth: 'required',
    body: SavedAddressDeleteBodySchema,
    handler: async ({ session, body }) => ({ addresses: await deleteSavedAddress(session.userId, body.id) }),
  }),
});
