// The address feature's client-safe face (docs/architecture.md, "Feature faces"): postal-code input
// and display, which characters an address may hold, and the lookup's answer. The lookup itself is
// server-only: src/features/address/server/postal-index.ts. A client component imports only the
// zod-free values (the bundler drops the unused schema re-exports, docs/decisions/0036).
export * from './zipcode';
export * from './printable';
export { ZipcodeLookupResponseSchema, ZipcodeSchema, type AddressCandidate, type ZipcodeLookupResponse } from './schemas';
