import { epochMs } from '../event-rows';
import { jsonKey, type Dialect, type ParamKind, type ParamValues } from './build-query';

/** Values of `{name:Type}` parameters, as both the HTTP client and chdb serialise them. */
export type ClickHouseParam = string | number | readonly string[] | readonly number[];

/**
 * MergeTree sorted for the per-brand, per-event queries. No engine-level dedup: the store checks
 * message ids before inserting (bloom filter index), and ReplacingMergeTree would only collapse
 * duplicates at some later merge. fsync_after_insert: an acknowledged part survives a power cut.
 */
export function clickhouseCreateEvents(): string {
  return `CREATE TABLE IF NOT EXISTS events (
  brand_id Int32,
  message_id String,
  type LowCardinality(String),
  event String,
  user_id Nullable(String),
  anonymous_id Nullable(String),
  customer_key String,
  timestamp DateTime64(3, 'UTC'),
  received_at DateTime64(3, 'UTC'),
  properties String,
  context String,
  url Nullable(String),
  path Nullable(String),
  referrer Nullable(String),
  browser Nullable(String),
  os Nullable(String),
  device Nullable(String),
  country Nullable(String),
  INDEX message_id_bloom message_id TYPE bloom_filter(0.01) GRANULARITY 4,
  INDEX customer_key_bloom customer_key TYPE bloom_filter(0.01) GRANULARITY 4
) ENGINE = MergeTree
ORDER BY (brand_id, event, timestamp)
SETTINGS fsync_after_insert = 1`;
}

/** The (brand_id, message_id) pairs of a batch already stored. */
export const CLICKHOUSE_EXISTING_IDS =
  'SELECT brand_id, message_id FROM events' +
  ' WHERE brand_id IN {brands:Array(Int32)} AND message_id IN {ids:Array(String)}';

const TYPES: Record<ParamKind, string> = {
  int: 'Int32',
  double: 'Float64',
  uint: 'UInt32',
  string: 'String',
  timestamp: 'Int64',
  strings: 'Array(String)',
};

/** Start of the UTC bucket as a Date (weeks start on Monday), then epoch milliseconds. */
const BUCKET_DATE = {
  day: (e: string) => `toDate(${e})`,
  week: (e: string) => `toMonday(${e})`,
  month: (e: string) => `toStartOfMonth(${e})`,
} as const;

export const clickhouseDialect: Dialect<ClickHouseParam> = {
  name: 'clickhouse',
  fence: '',
  // Timestamps travel as epoch milliseconds: no client-side date formatting or time zone.
  placeholder: (name, kind) =>
    kind === 'timestamp'
      ? `fromUnixTimestamp64Milli({${name}:Int64}, 'UTC')`
      : `{${name}:${TYPES[kind]}}`,
  encode<K extends ParamKind>(kind: K, value: ParamValues[K]): ClickHouseParam {
    const v: ParamValues[ParamKind] = value;
    return v instanceof Date ? epochMs(v) : v;
  },
  epochMs: (expr) => `toUnixTimestamp64Milli(${expr})`,
  inList: (expr, list) => `${expr} IN ${list}`,
  countDistinct: (expr) => `uniqExact(${expr})`,
  bucketStartMs: (g, expr) =>
    `toUInt64(toUnixTimestamp(toDateTime(${BUCKET_DATE[g](expr)}, 'UTC'))) * 1000`,
  jsonInt: (column, key) => `JSONExtractInt(${column}, '${jsonKey(key)}')`,
  jsonText: (column, key) => `JSONExtractString(${column}, '${jsonKey(key)}')`,
  jsonRaw: (column, key) => `JSONExtractRaw(${column}, '${jsonKey(key)}')`,
  cte: (name, select) => `WITH ${name} AS (${select})`,
  jsonKeyParam: (key) => key,
  // Strings unquoted, other scalars as their JSON text, absent or null as NULL (as DuckDB).
  jsonValue: (column, key) =>
    `multiIf(JSONType(${column}, ${key}) = 'String', JSONExtractString(${column}, ${key}),` +
    ` JSONType(${column}, ${key}) = 'Null', NULL, JSONExtractRaw(${column}, ${key}))`,
  // "nan" and "inf" parse as doubles: only finite numbers count as numbers.
  toDouble: (expr) => `if(isFinite(toFloat64OrNull(${expr})), toFloat64OrNull(${expr}), NULL)`,
  // lower() only folds ASCII letters in ClickHouse.
  lower: (expr) => `lowerUTF8(${expr})`,
  // Exact and interpolated, as DuckDB's median (ClickHouse's median() is an estimate).
  median: (expr) => `quantileExactInclusive(0.5)(${expr})`,
  latest: (expr, by) => `argMax(${expr}, ${by})`,
  contains: (haystack, needle) => `position(${haystack}, ${needle}) > 0`,
  startsWith: (text, prefix) => `startsWith(${text}, ${prefix})`,
  endsWith: (text, suffix) => `endsWith(${text}, ${suffix})`,
  zonedBucket: (g, expr, tz) => `toString(${BUCKET_DATE[g](`toTimeZone(${expr}, ${tz})`)})`,
};

/** 'YYYY-MM-DD hh:mm:ss.sss' in UTC: what a DateTime64(3, 'UTC') column parses unambiguously. */
export function clickhouseDateTime(date: Date): string {
  return new Date(epochMs(date)).toISOString().replace('T', ' ').replace('Z', '');
}
