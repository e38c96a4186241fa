import { describe, expect, it } from 'vitest';

import { allowsInsecureRequests } from './oidc';

describe('allowsInsecureRequests: plain http only for the local stand-in', () => {
  it('allows a loopback http issuer outside production (dev/oidc)', () => {
    for (const issuer of ['http://127.0.0.1:4020', 'http://localhost:4120', 'http://[::1]:4020', 'http://127.0.0.2:4020/']) {
      expect(allowsInsecureRequests(new URL(issuer), false), issuer).toBe(true);
    }
  });

  it('never for https, another host, a look-alike name, or production', () => {
    const refused: [string, boolean][] = [
      ['https://accounts.google.com', false],
      ['https://127.0.0.1:4020', false],
      ['http://oidc:4020', false],
      ['http://10.0.0.5:4020', false],
      ['http://127.0.0.1.evil.example', false],
      ['http://localhost.evil.example', false],
      ['http://evil.example/127.0.0.1', false],
      ['http://127.0.0.1:4020', true],
      ['http://localhost:4020', true],
    ];
    for (const [issuer, isProduction] of refused) {
      expect(allowsInsecureRequests(new URL(issuer), isProduction), `${issuer} production=${isProduction}`).toBe(false);
    }
  });
});
