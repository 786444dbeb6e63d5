import { SHORT_URL_LIMITS_TEXT, UTM_FIELDS, type Utm } from '../../../lib/contracts/short-urls';
import type { RedirectTarget } from './short-urls.repository';

/**
 * Where a redirect sends the visitor (docs/short-urls.md, "The destination's query"): the link's
 * URL with its UTM values set, worked out once per looked-up link, merged with the request's own
 * query on every redirect. The merge answers exactly what `URLSearchParams` would (tested against
 * that plain rule), but reads and writes the usual `name=value` pairs as they are, without two
 * `URLSearchParams` objects per click.
 */

/** One query parameter: its decoded name and value, and its form-encoded `name=value` text. */
interface Param {
  name: string;
  value: string;
  text: string;
}

/** A link's destination with its UTM values set. */
interface Destination {
  /** The whole address, for a request without a query string. */
  plain: string;
  /** The utm_* values of `plain`. */
  utm: Utm;
  /** The address without its query and fragment. */
  base: string;
  /** The query's parameters in order, UTM values set. */
  params: Param[];
  /** Lower-cased names of the link's own parameters a visitor may not send: all but `utm_*`. */
  fixed: Set<string>;
  hash: string;
}

/** A parameter a visitor may set even when the link sets it: a campaign value. */
const overridable = (lowerName: string) => lowerName.startsWith('utm_');

const destinations = new WeakMap<Pick<RedirectTarget, 'url' | 'utm'>, Destination>();

/**
 * A `name=value` (or bare `name`) the form encoding writes back unchanged: only the characters
 * it never escapes, so decoding and encoding it again gives the same text.
 */
const PLAIN_PAIR = /^([A-Za-z0-9*._-]*)(?:=([A-Za-z0-9*._-]*))?$/;

/** A pair as `URLSearchParams` writes it. */
const encodePair = (name: string, value: string) => new URLSearchParams([[name, value]]).toString();

/** One `&`-separated piece of a query, decoded and re-encoded as `URLSearchParams` would. */
function parsePiece(piece: string): Param {
  const plain = PLAIN_PAIR.exec(piece);
  if (plain) {
    const name = plain[1]!;
    const value = plain[2] ?? '';
    return { name, value, text: plain[2] === undefined ? `${piece}=` : piece };
  }
  // Percent escapes, `+`, other characters: the standard parser. The `&` in front keeps a `?`
  // at the start of this piece part of its name, as it is in the middle of a query.
  const [name, value] = new URLSearchParams(`&${piece}`).entries().next().value!;
  return { name, value, text: encodePair(name, value) };
}

/** The utm_* values these parameters carry (first non-empty one of each name). */
function utmOf(params: readonly { name: string; value: string }[]): Utm {
  const utm: Utm = {};
  for (const { name, value } of params) {
    if (!value || !name.startsWith('utm_')) continue;
    const k = name.slice(4) as keyof Utm;
    if ((UTM_FIELDS as readonly string[]).includes(k) && utm[k] === undefined)
      utm[k] = value.slice(0, SHORT_URL_LIMITS_TEXT.utm);
  }
  return utm;
}

function destination(link: Pick<RedirectTarget, 'url' | 'utm'>): Destination {
  let d = destinations.get(link);
  if (d) return d;
  const url = new URL(link.url);
  for (const k of UTM_FIELDS) {
    const v = link.utm[k];
    if (v) url.searchParams.set(`utm_${k}`, v);
  }
  const plain = url.toString();
  const params = [...url.searchParams].map(([name, value]) => ({
    name,
    value,
    text: encodePair(name, value),
  }));
  const hash = url.hash;
  url.search = '';
  url.hash = '';
  const fixed = new Set<string>();
  for (const p of params) {
    const lower = p.name.toLowerCase();
    if (!overridable(lower)) fixed.add(lower);
  }
  d = { plain, utm: utmOf(params), base: url.href, params, fixed, hash };
  destinations.set(link, d);
  return d;
}

/**
 * The destination with the link's UTM values and the request's own query, and the utm_* values
 * the visitor ends up with. The request may add parameters and override `utm_*` ones; a parameter
 * the link itself sets (any other name, compared without case) is never replaced nor repeated:
 * the visitor's copy is dropped, so `/s/x?next=https://evil.example/` cannot redirect a link's
 * `next=/home` elsewhere.
 */
export function destinationOf(
  link: Pick<RedirectTarget, 'url' | 'utm'>,
  requestQuery: string,
): { location: string; utm: Utm } {
  const d = destination(link);
  // As `URLSearchParams` does, one `?` in front is not part of the query.
  const query = requestQuery.startsWith('?') ? requestQuery.slice(1) : requestQuery;
  if (!query) return { location: d.plain, utm: d.utm };
  // The request's parameters grouped by name, names in the order they first appear.
  const incoming = new Map<string, Param[]>();
  for (const piece of query.split('&')) {
    if (!piece) continue;
    const p = parsePiece(piece);
    if (d.fixed.size > 0 && d.fixed.has(p.name.toLowerCase())) continue;
    const same = incoming.get(p.name);
    if (same) same.push(p);
    else incoming.set(p.name, [p]);
  }
  if (incoming.size === 0) return { location: d.plain, utm: d.utm };
  const params = d.params.filter((p) => !incoming.has(p.name));
  for (const same of incoming.values()) params.push(...same);
  let search = '';
  for (const p of params) search += search ? `&${p.text}` : p.text;
  return { location: `${d.base}?${search}${d.hash}`, utm: utmOf(params) };
}
