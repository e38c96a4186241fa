/**
 * The security headers of every answer (../shared/docs/security.md): next.config.ts gives them to
 * every path Next serves, and the lean path (the public API and the as-you-type search, which
 * server.ts answers before Next) sets the same ones. Pages add their CSP in src/proxy.ts.
 */
export const SECURITY_HEADERS = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(self)' },
] as const;
