import { toNumber, type RawRow } from '../event-rows';
import {
  LINK_CLICKED_EVENT,
  type LinkClickDimension,
  type LinkClicksResult,
  type LinkClicksShape,
} from '../link-click-shape';
import type { Binder, Dialect } from './binder';

const DIMENSIONS: readonly LinkClickDimension[] = ['country', 'referrer', 'device', 'utm_source'];

/**
 * One statement for the whole link report: a totals row, one row per bucket and the top values
 * of each breakdown, told apart by `k`. Every value is bound.
 */
export function compileLinkClicks<P>(shape: LinkClicksShape, d: Dialect<P>, b: Binder<P>): string {
  const prop = (name: string, key: string) =>
    d.jsonValue('properties', b.bind(name, 'string', d.jsonKeyParam(key)));
  const isTrue = (expr: string) => `coalesce(${expr}, '') = 'true'`;
  const bot = isTrue(prop('kbot', 'bot'));
  const unique = isTrue(prop('kunique', 'unique'));
  const base =
    ` FROM events WHERE ${b.brand(shape.brandId)}` +
    ` AND event = ${b.bind('event', 'string', LINK_CLICKED_EVENT)}` +
    ` AND timestamp >= ${b.bind('from', 'timestamp', shape.from)}` +
    ` AND timestamp < ${b.bind('to', 'timestamp', shape.to)}` +
    ` AND ${d.jsonInt('properties', 'link_id')} = ${b.bind('link', 'int', shape.linkId)}`;
  const counted = shape.includeBots ? base : `${base} AND NOT ${bot}`;
  // count() of a CASE without ELSE: 0 on no rows and a 64-bit integer on both engines.
  const one = (cond: string) => `count(CASE WHEN ${cond} THEN 1 END)`;
  const tz = b.bind('tz', 'string', shape.timeZone);
  const limit = b.bind('limit', 'uint', shape.limit);
  const values: Record<LinkClickDimension, string> = {
    country: `coalesce(country, '')`,
    referrer: `coalesce(${prop('kref', 'referrer')}, '')`,
    device: `coalesce(device, '')`,
    utm_source: `coalesce(${prop('kutm', 'utm_source')}, '')`,
  };
  const parts = [
    `SELECT 'total' AS k, '' AS v, count(*) AS n, ${one(unique)} AS u, ${one(bot)} AS bots${base}`,
    `SELECT 'bucket' AS k, ${d.zonedBucket(shape.granularity, 'timestamp', tz)} AS v, count(*) AS n,` +
      ` ${one(unique)} AS u, 0 AS bots${counted} GROUP BY v`,
    ...DIMENSIONS.map(
      (dim, i) =>
        `SELECT * FROM (SELECT '${dim}' AS k, ${values[dim]} AS v, count(*) AS n, 0 AS u, 0 AS bots` +
        `${counted} GROUP BY v ORDER BY n DESC, v ASC LIMIT ${limit}) AS t${i}`,
    ),
  ];
  return parts.join(' UNION ALL ');
}

export function readLinkClicks(rows: readonly RawRow[]): LinkClicksResult {
  const result: LinkClicksResult = {
    totals: { clicks: 0, unique: 0, bots: 0 },
    buckets: [],
    breakdowns: { country: [], referrer: [], device: [], utm_source: [] },
  };
  for (const r of rows) {
    const k = String(r.k);
    const v = r.v === null || r.v === undefined ? '' : String(r.v);
    const n = toNumber(r.n);
    if (k === 'total')
      result.totals = { clicks: n, unique: toNumber(r.u ?? 0), bots: toNumber(r.bots ?? 0) };
    else if (k === 'bucket') result.buckets.push({ bucket: v, clicks: n, unique: toNumber(r.u) });
    else if ((DIMENSIONS as readonly string[]).includes(k))
      result.breakdowns[k as LinkClickDimension].push({ value: v, clicks: n });
  }
  result.buckets.sort((a, b) => (a.bucket < b.bucket ? -1 : a.bucket > b.bucket ? 1 : 0));
  for (const list of Object.values(result.breakdowns))
    list.sort(
      (a, b) => b.clicks - a.clicks || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0),
    );
  return result;
}
