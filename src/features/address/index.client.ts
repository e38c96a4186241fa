/**
 * The address feature's zod-free face for client components (docs/decisions/0021): postal-code
 * normalisation and display, and which characters an address may hold. Everything here is also
 * re-exported by ./index.ts.
 */
export * from './zipcode';
export * from './printable';
