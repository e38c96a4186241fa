// The address feature's public face (isomorphic): postal-code input and display, which characters
// an address may hold, and the lookup's answer. The lookup itself is server-only:
// src/features/address/server/postal-index.ts. Client components use ./index.client.ts (no zod).
export * from './index.client';
export { ZipcodeLookupResponseSchema, ZipcodeSchema, type AddressCandidate, type ZipcodeLookupResponse } from './schemas';
