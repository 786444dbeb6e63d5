import { listValue, timestampValue, type DuckDBValue } from '@duckdb/node-api';
import { epochMs } from '../event-rows';
import { jsonKey, type Dialect, type ParamKind, type ParamValues } from './build-query';

/** TIMESTAMP columns hold UTC wall time; the primary key is what makes INSERT OR IGNORE dedupe. */
export const DUCKDB_CREATE_EVENTS = `CREATE TABLE IF NOT EXISTS events (
  brand_id INTEGER NOT NULL,
  message_id VARCHAR NOT NULL,
  type VARCHAR NOT NULL,
  event VARCHAR NOT NULL,
  user_id VARCHAR,
  anonymous_id VARCHAR,
  customer_key VARCHAR NOT NULL,
  timestamp TIMESTAMP NOT NULL,
  received_at TIMESTAMP NOT NULL,
  properties VARCHAR NOT NULL,
  context VARCHAR NOT NULL,
  url VARCHAR,
  path VARCHAR,
  referrer VARCHAR,
  browser VARCHAR,
  os VARCHAR,
  device VARCHAR,
  country VARCHAR,
  PRIMARY KEY (brand_id, message_id)
)`;

/** Connection-local staging table filled by the Appender (same columns, no constraints). */
/**
 * The flow runtime reads one visitor's events on every decision: an index on customer_key turns
 * that into a lookup instead of a scan (docs/adr/0012-flow-runtime-cost.md).
 */
export const DUCKDB_CREATE_CUSTOMER_INDEX =
  'CREATE INDEX IF NOT EXISTS events_customer_key ON events (customer_key)';

export const DUCKDB_CREATE_STAGING =
  'CREATE TEMP TABLE IF NOT EXISTS events_staging AS SELECT * FROM events LIMIT 0';

/** Timestamps are bound as TIMESTAMP values (microseconds), so comparisons use the column type. */
export function duckdbTimestamp(date: Date): DuckDBValue {
  return timestampValue(BigInt(epochMs(date)) * 1000n);
}

const BUCKET_UNIT = { day: 'day', week: 'week', month: 'month' } as const;

export const duckdbDialect: Dialect<DuckDBValue> = {
  name: 'duckdb',
  fence: ' OFFSET 0',
  placeholder: (name) => `$${name}`,
  encode<K extends ParamKind>(kind: K, value: ParamValues[K]): DuckDBValue {
    const v: ParamValues[ParamKind] = value;
    if (v instanceof Date) return duckdbTimestamp(v);
    if (Array.isArray(v)) return listValue(v as readonly (string | number)[]);
    return v as string | number;
  },
  epochMs: (expr) => `epoch_ms(${expr})`,
  inList: (expr, list) => `list_contains(${list}, ${expr})`,
  countDistinct: (expr) => `count(DISTINCT ${expr})`,
  // date_trunc('week') starts weeks on Monday (ISO), as the trend shape requires.
  bucketStartMs: (g, expr) => `epoch_ms(date_trunc('${BUCKET_UNIT[g]}', ${expr}))`,
  jsonInt: (column, key) =>
    `TRY_CAST(json_extract_string(${column}, '$.${jsonKey(key)}') AS BIGINT)`,
  jsonText: (column, key) => `json_extract_string(${column}, '$.${jsonKey(key)}')`,
  jsonRaw: (column, key) => `json_extract(${column}, '$.${jsonKey(key)}')`,
  cte: (name, select) => `WITH ${name} AS MATERIALIZED (${select})`,
  // A JSON path naming the key (the contract refuses quotes and backslashes in property names).
  jsonKeyParam: (key) => `$."${key}"`,
  jsonValue: (column, key) => `json_extract_string(${column}, ${key})`,
  // "nan" and "inf" cast to doubles: only finite numbers count as numbers.
  toDouble: (expr) =>
    `(CASE WHEN isfinite(TRY_CAST(${expr} AS DOUBLE)) THEN TRY_CAST(${expr} AS DOUBLE) END)`,
  lower: (expr) => `lower(${expr})`,
  median: (expr) => `median(${expr})`,
  latest: (expr, by) => `arg_max(${expr}, ${by})`,
  contains: (haystack, needle) => `contains(${haystack}, ${needle})`,
  startsWith: (text, prefix) => `starts_with(${text}, ${prefix})`,
  endsWith: (text, suffix) => `ends_with(${text}, ${suffix})`,
  // Stored times are UTC without a zone: made UTC instants, then read on the zone's clock.
  zonedBucket: (g, expr, tz) =>
    `strftime(date_trunc('${BUCKET_UNIT[g]}', timezone(${tz}, timezone('UTC', ${expr}))), '%Y-%m-%d')`,
};
