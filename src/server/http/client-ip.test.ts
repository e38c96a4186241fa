import { afterEach, describe, expect, it } from 'vitest';

import { setEnvForTest } from '@/config/env';

import { clientIp } from './client-ip';
import type { IncomingMessage } from 'node:http';

import { installPeerAddressHeader, normalizeAddress, stampPeerAddress } from './peer-address';

const headers = (h: Record<string, string>) => new Headers(h);

describe('clientIp', () => {
  afterEach(() => {
    setEnvForTest({ TRUSTED_PROXY_HEADER: undefined });
  });

  it('uses the peer address handed over by our server and ignores X-Forwarded-For without a trusted proxy', () => {
    const peer = installPeerAddressHeader();
    expect(clientIp(headers({ [peer]: '198.51.100.4', 'x-forwarded-for': '203.0.113.99', 'x-real-ip': '203.0.113.98' }))).toBe(
      '198.51.100.4',
    );
  });

  it('cannot be told the peer address by a client (the header name is random per process)', () => {
    const peer = installPeerAddressHeader();
    expect(peer).toMatch(/^x-hojin-peer-[0-9a-f]{32}$/);
    expect(clientIp(headers({ 'x-hojin-peer': '203.0.113.1', 'x-forwarded-for': '203.0.113.1' }))).toBe('unknown');
  });

  it('with TRUSTED_PROXY_HEADER reads that header only, its right-most entry', () => {
    setEnvForTest({ TRUSTED_PROXY_HEADER: 'x-forwarded-for' });
    const peer = installPeerAddressHeader();
    expect(clientIp(headers({ 'x-forwarded-for': '203.0.113.9, 192.0.2.10', [peer]: '10.0.0.2' }))).toBe('192.0.2.10');
    expect(clientIp(headers({ 'x-forwarded-for': '192.0.2.10, not-an-ip' }))).toBe('unknown');
    expect(clientIp(headers({ [peer]: '10.0.0.2' }))).toBe('unknown');
  });

  it('normalises an IPv4 client seen on a dual-stack socket', () => {
    expect(normalizeAddress('::ffff:127.0.0.2')).toBe('127.0.0.2');
    expect(normalizeAddress('2001:DB8::1')).toBe('2001:db8::1');
    expect(normalizeAddress('localhost')).toBeNull();
  });

  it('has our server replace anything a client sent under our prefix with the socket address', () => {
    const peer = installPeerAddressHeader();
    const req = {
      headers: { 'x-hojin-peer-0123': '192.0.2.1', [peer]: '192.0.2.2', 'x-forwarded-for': '192.0.2.3' },
      socket: { remoteAddress: '::ffff:127.0.0.2' },
    } as unknown as IncomingMessage;
    stampPeerAddress(req, peer);
    expect(req.headers).toEqual({ [peer]: '127.0.0.2', 'x-forwarded-for': '192.0.2.3' });
    expect(clientIp(new Headers(req.headers as Record<string, string>))).toBe('127.0.0.2');
  });
});
