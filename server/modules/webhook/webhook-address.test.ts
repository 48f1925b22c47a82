import { describe, expect, it } from 'vitest';
import { addressAllowed, hostOf, refusedAddress } from './webhook-address.ts';

// The SSRF guard's address classifier (issue 38 §5): every shape an address can be written in
// reaches the same verdict, and the URL parser's canonical host is what is judged.

describe('refusedAddress', () => {
  it.each([
    ['8.8.8.8', null],
    ['1.1.1.1', null],
    ['172.32.0.1', null],
    ['100.128.0.1', null],
    ['2606:4700:4700::1111', null],
    ['::ffff:8.8.8.8', null],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['fc00::1', 'private'],
    ['fdff:ffff::1', 'private'],
    ['169.254.0.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['FE80::1%eth0', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['255.255.255.255', 'reserved'],
    ['2001:db8::1', 'reserved'],
    // IPv4-mapped IPv6, dotted and in hex, and the NAT64 and 6to4 forms that carry an IPv4.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['0:0:0:0:0:ffff:c0a8:0101', 'private'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['::127.0.0.1', 'reserved'],
    ['not-an-address', 'reserved'],
  ])('%s → %s', (address, reason) => {
    expect(refusedAddress(address)).toBe(reason);
  });

  it('lets loopback through only where the setting allows it, and nothing else private', () => {
    expect(addressAllowed('127.0.0.1', true)).toBe(true);
    expect(addressAllowed('::1', true)).toBe(true);
    expect(addressAllowed('127.0.0.1', false)).toBe(false);
    expect(addressAllowed('10.0.0.1', true)).toBe(false);
    expect(addressAllowed('169.254.169.254', true)).toBe(false);
    expect(addressAllowed('8.8.8.8', false)).toBe(true);
  });
});

describe('hosts as the URL parser writes them', () => {
  const host = (text: string) => hostOf(new URL(text));

  it('reads decimal, octal and hex IPv4 as the address they stand for', () => {
    expect(host('http://2130706433/')).toBe('127.0.0.1');
    expect(host('http://0177.0.0.1/')).toBe('127.0.0.1');
    expect(host('http://0x7f.1/')).toBe('127.0.0.1');
    expect(host('http://127.1/')).toBe('127.0.0.1');
    expect(host('http://3232235777/')).toBe('192.168.1.1');
    for (const text of ['http://2130706433/', 'http://0177.0.0.1/', 'http://0x7f.1/', 'http://0xa9.254.169.254/']) expect(refusedAddress(host(text))).not.toBeNull();
  });

  it('refuses to parse hosts that only look like addresses', () => {
    for (const text of ['http://08.0.0.1/', 'http://1.2.3.4.5/', 'http://0x100000000/', 'http://256.0.0.1/', 'http://[::1/', 'http://[1::2::3]/']) expect(URL.canParse(text)).toBe(false);
  });

  it('takes IPv6 out of its brackets, mapped addresses included', () => {
    expect(host('https://[::1]:8443/x')).toBe('::1');
    expect(host('https://[::ffff:127.0.0.1]/')).toBe('::ffff:7f00:1');
    expect(refusedAddress(host('https://[::ffff:127.0.0.1]/'))).toBe('loopback');
    expect(refusedAddress(host('https://[fd00:ec2::254]/'))).toBe('metadata');
  });
});
