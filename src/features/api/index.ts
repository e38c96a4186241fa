/** The public API feature's client-safe face: its rules and the key page's shapes. Server code is in ./index.server.ts. */
export * from './rules';
export * from './schemas';
