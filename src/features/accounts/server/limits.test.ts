import { describe, expect, it } from 'vitest';

import { RateLimiterRes } from 'rate-limiter-flexible';

import { LOGIN_FREE_FAILURES, LOGIN_MAX_DELAY_SECONDS, loginDelaySeconds, passesAccountBrake, subject } from './limits';

const res = (consumedPoints: number) => new RateLimiterRes(0, 60_000, consumedPoints);

describe('login back-off', () => {
  it('lets a few typos through without any wait', () => {
    for (let n = 0; n <= LOGIN_FREE_FAILURES; n++) expect(loginDelaySeconds(n, false)).toBe(0);
  });

  it('doubles the wait after each further failure: 2, 4, 8 … seconds', () => {
    expect([6, 7, 8, 9, 10].map((n) => loginDelaySeconds(n, false))).toEqual([2, 4, 8, 16, 32]);
  });

  it('never makes anyone wait more than 10 minutes, however many failures', () => {
    expect(LOGIN_MAX_DELAY_SECONDS).toBe(600);
    for (const n of [15, 16, 50, 1_000, 1_000_000]) expect(loginDelaySeconds(n, false)).toBe(600);
  });

  it('starts the back-off after the first failure while the account is under attack', () => {
    expect(loginDelaySeconds(1, true)).toBe(0);
    expect(loginDelaySeconds(2, true)).toBe(2);
    expect(loginDelaySeconds(3, true)).toBe(4);
  });
});

describe('account-wide brake', () => {
  it('does nothing while the account is within its allowance', () => {
    expect(passesAccountBrake(res(3), res(10), 10)).toBe(true);
  });

  it("past the allowance, still admits a client's first request (the owner) but no second", () => {
    expect(passesAccountBrake(res(1), res(500), 10)).toBe(true);
    expect(passesAccountBrake(res(2), res(11), 10)).toBe(false);
  });
});

describe('the client part of a limit key', () => {
  it('is the IPv4 address itself', () => {
    expect(subject('203.0.113.7')).toBe('203.0.113.7');
    expect(subject('203.0.113.8')).not.toBe(subject('203.0.113.7'));
  });

  it('is the /64 network of an IPv6 address, however it is written', () => {
    expect(subject('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(subject('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(subject('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(subject('2001:db8:1:3::1')).not.toBe(subject('2001:db8:1:2::1'));
  });
});
