/**
 * IP addresses and CIDR ranges, IPv4 and IPv6, without Node's `net` (the settings form validates
 * filters with the same code as the server). Used by ingestion filters and IP capture
 * (docs/settings.md, "Filters" and "IP capture").
 */

import ipaddr from 'ipaddr.js';

/** An address as 4 (IPv4) or 16 (IPv6) bytes. */
export type IpBytes = Uint8Array;

/**
 * The bytes of an IPv4 or IPv6 address (a zone index `%eth0` is ignored), null when it is not
 * one. IPv4 must be written as four decimal parts (no `127.1`, no hex or octal parts). An
 * IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, what a dual-stack server sees) is its IPv4
 * address. Parsing is ipaddr.js's (also the webhook destination guard's).
 */
export function parseIp(text: string): IpBytes | null {
  const t = text.trim();
  if (t.includes(':')) {
    const v6 = t.split('%')[0]!;
    if (!ipaddr.IPv6.isValid(v6)) return null;
    const a = ipaddr.IPv6.parse(v6);
    return Uint8Array.from((a.isIPv4MappedAddress() ? a.toIPv4Address() : a).toByteArray());
  }
  return ipaddr.IPv4.isValidFourPartDecimal(t)
    ? Uint8Array.from(ipaddr.IPv4.parse(t).toByteArray())
    : null;
}

/** An address or a range: `192.0.2.7`, `192.0.2.0/24`, `2001:db8::/32`. */
export interface IpRange {
  bytes: IpBytes;
  prefix: number;
}

/** A single address (a /32 or /128) or a CIDR range; null when it is neither. */
export function parseIpRange(text: string): IpRange | null {
  const [addr = '', prefixText, extra] = text.trim().split('/');
  if (extra !== undefined) return null;
  const bytes = parseIp(addr);
  if (!bytes) return null;
  const bits = bytes.length * 8;
  if (prefixText === undefined) return { bytes, prefix: bits };
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  // A mapped IPv4 range (::ffff:10.0.0.0/104) is the IPv4 range it maps.
  let prefix = Number(prefixText);
  if (bytes.length === 4 && addr.includes(':')) prefix -= 96;
  if (prefix < 0 || prefix > bits) return null;
  return { bytes, prefix };
}

/** Whether `ip` (parsed) falls in `range`; an IPv4 address never matches an IPv6 range. */
export function inRange(ip: IpBytes, range: IpRange): boolean {
  if (ip.length !== range.bytes.length) return false;
  let bits = range.prefix;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((ip[i]! & mask) !== (range.bytes[i]! & mask)) return false;
  }
  return true;
}

/** A matcher over many ranges: true when the address falls in any of them. */
export function ipMatcher(ranges: IpRange[]): (ip: string) => boolean {
  if (ranges.length === 0) return () => false;
  return (text) => {
    const ip = parseIp(text);
    return ip !== null && ranges.some((r) => inRange(ip, r));
  };
}

/** The usual spelling: dotted IPv4, RFC 5952 IPv6 (lower case, the longest zero run as `::`). */
const formatBytes = (b: IpBytes): string => ipaddr.fromByteArray([...b]).toString();

/** An address in its usual spelling (`::ffff:192.0.2.1` → `192.0.2.1`); null when not one. */
export function canonicalIp(text: string): string | null {
  const b = parseIp(text);
  return b ? formatBytes(b) : null;
}

/**
 * An address made anonymous: IPv4 keeps its first three bytes (`192.0.2.0`), IPv6 its first 48
 * bits (`2001:db8:1::`). Null when `text` is not an address.
 */
export function anonymiseIp(text: string): string | null {
  const b = parseIp(text);
  if (!b) return null;
  if (b.length === 4) b[3] = 0;
  else b.fill(0, 6);
  return formatBytes(b);
}

/**
 * A rule's address or range in one spelling (`::ffff:10.0.0.1` → `10.0.0.1`, `10.0.0.1/32` →
 * `10.0.0.1`, `2001:DB8::/32` → `2001:db8::/32`), so the same rule is saved once; null when not
 * one.
 */
export function canonicalIpRange(text: string): string | null {
  const range = parseIpRange(text);
  if (!range) return null;
  const ip = formatBytes(range.bytes);
  return range.prefix === range.bytes.length * 8 ? ip : `${ip}/${range.prefix}`;
}
