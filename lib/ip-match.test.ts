import { describe, expect, it } from 'vitest';
import {
  anonymiseIp,
  canonicalIp,
  canonicalIpRange,
  ipMatcher,
  parseIp,
  parseIpRange,
} from './ip-match';

const ranges = (...texts: string[]) => texts.map((t) => parseIpRange(t)!);

describe('ip-match', () => {
  it('parses IPv4 and IPv6 addresses, mapped IPv4 as IPv4, and refuses anything else', () => {
    expect(Array.from(parseIp('192.0.2.7')!)).toEqual([192, 0, 2, 7]);
    expect(parseIp('2001:db8::1')).toHaveLength(16);
    expect(parseIp('::')).toHaveLength(16);
    expect(parseIp('fe80::1%eth0')).toHaveLength(16);
    expect(Array.from(parseIp('::ffff:10.1.2.3')!)).toEqual([10, 1, 2, 3]);
    for (const bad of [
      '',
      '256.0.0.1',
      '1.2.3',
      '1.2.3.4.5',
      '01.2.3.4',
      '1:2:3:4:5:6:7:8:9',
      '1::2::3',
      '12345::',
      'g::1',
      'localhost',
      '1.2.3.4/24',
    ])
      expect(parseIp(bad), bad).toBeNull();
  });

  it('matches single addresses and CIDR ranges, v4 and v6', () => {
    const matches = ipMatcher(
      ranges('198.51.100.7', '192.0.2.0/24', '10.0.0.0/8', '2001:db8::/32'),
    );
    expect(matches('198.51.100.7')).toBe(true);
    expect(matches('198.51.100.8')).toBe(false);
    expect(matches('192.0.2.255')).toBe(true);
    expect(matches('192.0.3.0')).toBe(false);
    expect(matches('10.255.0.1')).toBe(true);
    expect(matches('::ffff:10.1.1.1')).toBe(true);
    expect(matches('2001:db8:ffff::1')).toBe(true);
    expect(matches('2001:db9::1')).toBe(false);
    expect(matches('not an address')).toBe(false);
    // Prefixes that do not fall on a byte boundary.
    const odd = ipMatcher(ranges('203.0.113.64/26', '2001:db8:8000::/33'));
    expect(odd('203.0.113.127')).toBe(true);
    expect(odd('203.0.113.128')).toBe(false);
    expect(odd('203.0.113.63')).toBe(false);
    expect(odd('2001:db8:8000::1')).toBe(true);
    expect(odd('2001:db8:7fff::1')).toBe(false);
    // Everything, and nothing.
    expect(ipMatcher(ranges('0.0.0.0/0'))('8.8.8.8')).toBe(true);
    expect(ipMatcher(ranges('0.0.0.0/0'))('2001:db8::1')).toBe(false);
    expect(ipMatcher([])('8.8.8.8')).toBe(false);
  });

  it('refuses bad ranges', () => {
    for (const bad of ['10.0.0.0/33', '10.0.0.0/-1', '10.0.0.0/', '10.0.0.0/8/8', '::/129', 'x/8'])
      expect(parseIpRange(bad), bad).toBeNull();
    expect(parseIpRange('::ffff:10.0.0.0/104')).toEqual({
      bytes: Uint8Array.from([10, 0, 0, 0]),
      prefix: 8,
    });
  });

  it('anonymises IPv4 to its /24 and IPv6 to its /48, and spells addresses one way', () => {
    expect(anonymiseIp('203.0.113.45')).toBe('203.0.113.0');
    expect(anonymiseIp('::ffff:203.0.113.45')).toBe('203.0.113.0');
    expect(anonymiseIp('2001:db8:abcd:12:34::1')).toBe('2001:db8:abcd::');
    expect(anonymiseIp('nope')).toBeNull();
    expect(canonicalIp('2001:0DB8:0:0:0:0:0:1')).toBe('2001:db8::1');
    expect(canonicalIp('1:0:2:0:3:0:4:0')).toBe('1:0:2:0:3:0:4:0');
    expect(canonicalIp('::')).toBe('::');
  });
});

describe('canonicalIpRange', () => {
  it('spells a rule one way and refuses what is not one', () => {
    expect(canonicalIpRange('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(canonicalIpRange('10.0.0.1/32')).toBe('10.0.0.1');
    expect(canonicalIpRange(' 2001:DB8::/32 ')).toBe('2001:db8::/32');
    expect(canonicalIpRange('192.0.2.0/24')).toBe('192.0.2.0/24');
    expect(canonicalIpRange('10.0.0.0/33')).toBeNull();
  });
});
