import { describe, expect, it } from 'vitest';

import { addressAllowed, blockedAddress, checkWebhookUrlShape, resolveWebhookUrl } from './webhook-address';

describe('webhook address rules', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.254', 'cgnat'],
    ['169.254.169.254', 'metadata'],
    ['169.254.10.1', 'link_local'],
    ['0.0.0.0', 'reserved'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['198.18.0.1', 'reserved'],
  ])('IPv4 %s is %s', (ip, reason) => {
    expect(blockedAddress(ip)).toBe(reason);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '169.253.255.255', '11.0.0.1', '203.0.114.1'])('IPv4 %s is public', (ip) => {
    expect(blockedAddress(ip)).toBeNull();
  });

  it.each([
    ['::1', 'loopback'],
    ['::', 'reserved'],
    ['fd00:ec2::254', 'metadata'],
    ['fd12:3456::1', 'private'],
    ['fc00::1', 'private'],
    ['fe80::1', 'link_local'],
    ['fe80::1%eth0', 'link_local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    // IPv4-mapped, in both notations, and the other IPv6 forms that carry an IPv4 address
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['::ffff:10.0.0.1', 'private'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['2002:c0a8:0101::1', 'private'],
    ['[::1]', 'loopback'],
  ])('IPv6 %s is %s', (ip, reason) => {
    expect(blockedAddress(ip)).toBe(reason);
  });

  it.each(['2606:4700:4700::1111', '2001:4860:4860::8888', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:0808:0808::1'])(
    'IPv6 %s is public',
    (ip) => {
      expect(blockedAddress(ip)).toBeNull();
    },
  );

  it('lets loopback through only when local endpoints are allowed, never private or metadata addresses', () => {
    expect(addressAllowed('127.0.0.1', true)).toBe(true);
    expect(addressAllowed('::1', true)).toBe(true);
    expect(addressAllowed('127.0.0.1', false)).toBe(false);
    expect(addressAllowed('10.0.0.1', true)).toBe(false);
    expect(addressAllowed('169.254.169.254', true)).toBe(false);
    expect(addressAllowed('fd00:ec2::254', true)).toBe(false);
  });
});

describe('webhook URLs', () => {
  it.each([
    'https://2130706433/hook', // decimal 127.0.0.1
    'https://0177.0.0.1/hook', // octal
    'https://0x7f.1/hook', // hex, short form
    'https://017700000001/hook', // one octal number
    'https://169.254.169.254/latest/meta-data',
    'https://0xa9.0xfe.0xa9.0xfe/', // hex metadata
    'https://[::ffff:127.0.0.1]/hook',
    'https://[fd00:ec2::254]/',
    'https://[::ffff:a9fe:a9fe]/',
    'https://localhost/hook',
    'https://metadata.google.internal/',
    'https://printer.local/',
  ])('refuses %s', (url) => {
    expect(checkWebhookUrlShape(url, false)).toEqual({ ok: false, problem: 'url_blocked' });
  });

  it('asks for https, and refuses credentials and other schemes', () => {
    expect(checkWebhookUrlShape('http://example.com/hook', false)).toEqual({ ok: false, problem: 'url_not_https' });
    expect(checkWebhookUrlShape('ftp://example.com/hook', true)).toEqual({ ok: false, problem: 'url_invalid' });
    expect(checkWebhookUrlShape('https://user:pw@example.com/', false)).toEqual({ ok: false, problem: 'url_credentials' });
    expect(checkWebhookUrlShape('not a url', false)).toEqual({ ok: false, problem: 'url_invalid' });
    expect(checkWebhookUrlShape('https://example.com/hook', false).ok).toBe(true);
  });

  it('allows loopback over http only with the local setting', () => {
    expect(checkWebhookUrlShape('http://127.0.0.1:4000/hook', true).ok).toBe(true);
    expect(checkWebhookUrlShape('http://localhost:4000/hook', true).ok).toBe(true);
    expect(checkWebhookUrlShape('http://10.0.0.1/hook', true)).toEqual({ ok: false, problem: 'url_blocked' });
  });

  it('checks every address a name resolves to, and pins the first', async () => {
    const resolver = (answers: string[]) => async () =>
      answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }) as const);
    expect(await resolveWebhookUrl('https://hooks.example.com/', false, resolver(['93.184.216.34']))).toMatchObject({
      ok: true,
      pinned: { address: '93.184.216.34', family: 4 },
    });
    expect(await resolveWebhookUrl('https://rebind.example.com/', false, resolver(['93.184.216.34', '10.0.0.5']))).toEqual({
      ok: false,
      problem: 'url_blocked',
    });
    expect(await resolveWebhookUrl('https://v6.example.com/', false, resolver(['::ffff:127.0.0.1']))).toEqual({
      ok: false,
      problem: 'url_blocked',
    });
    const failing = async () => {
      throw new Error('ENOTFOUND');
    };
    expect(await resolveWebhookUrl('https://nowhere.example.com/', false, failing)).toEqual({ ok: false, problem: 'url_unresolvable' });
  });
});
