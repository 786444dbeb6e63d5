/**
 * IP addresses and CIDR ranges, IPv4 and IPv6, without Node's `net` (the settings form validates
 * filters with the same code as the server). Used by ingestion filters and IP capture
 * (docs/settings.md, "Filters" and "IP capture").
 */

/** An address as 4 (IPv4) or 16 (IPv6) bytes. */
export type IpBytes = Uint8Array;

const V4_PART = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

function parseV4(text: string): IpBytes | null {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => V4_PART.test(p))) return null;
  return Uint8Array.from(parts.map(Number));
}

function parseV6(text: string): IpBytes | null {
  if (!/^[0-9a-f:.]+$/i.test(text) || text.length > 45) return null;
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  // An embedded IPv4 address (::ffff:1.2.3.4) counts as two groups at the end.
  const last = (halves.length === 2 ? tail : head).at(-1);
  let v4: IpBytes | null = null;
  if (last?.includes('.')) {
    v4 = parseV4(last);
    if (!v4) return null;
    (halves.length === 2 ? tail : head).pop();
  }
  const words = head.length + tail.length + (v4 ? 2 : 0);
  if (halves.length === 1 ? words !== 8 : words > 7) return null;
  const all = [...head, ...Array<string>(8 - words).fill('0'), ...tail];
  const out = new Uint8Array(16);
  for (let i = 0; i < all.length; i++) {
    const g = all[i]!;
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
    const n = parseInt(g, 16);
    out[i * 2] = n >> 8;
    out[i * 2 + 1] = n & 0xff;
  }
  if (v4) out.set(v4, 12);
  return out;
}

const isMappedV4 = (b: IpBytes) =>
  b.length === 16 && b.slice(0, 10).every((x) => x === 0) && b[10] === 0xff && b[11] === 0xff;

/**
 * The bytes of an IPv4 or IPv6 address (a zone index `%eth0` is ignored), null when it is not
 * one. An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, what a dual-stack server sees) is its
 * IPv4 address.
 */
export function parseIp(text: string): IpBytes | null {
  const t = text.trim();
  if (t.includes(':')) {
    const b = parseV6(t.split('%')[0]!);
    return b && isMappedV4(b) ? b.slice(12) : b;
  }
  return parseV4(t);
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

function formatBytes(b: IpBytes): string {
  if (b.length === 4) return b.join('.');
  const words: string[] = [];
  for (let i = 0; i < 16; i += 2) words.push(((b[i]! << 8) | b[i + 1]!).toString(16));
  // The longest run of two or more zero words becomes `::`.
  let best = { at: -1, len: 0 };
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && words[j] === '0') j++;
    if (j - i > best.len) best = { at: i, len: j - i };
    i = j === i ? i + 1 : j;
  }
  if (best.len < 2) return words.join(':');
  return `${words.slice(0, best.at).join(':')}::${words.slice(best.at + best.len).join(':')}`;
}

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
