import type { EventRow, EventType, StoredEvent } from './types';

/** The nullable text columns after `context`, in table order. */
export const OPTIONAL_TEXT_COLUMNS = [
  'url',
  'path',
  'referrer',
  'browser',
  'os',
  'device',
  'country',
] as const satisfies readonly (keyof EventRow)[];

/** Column order shared by both engines' tables, staging table and appender. */
export const EVENT_COLUMNS = [
  'brand_id',
  'message_id',
  'type',
  'event',
  'user_id',
  'anonymous_id',
  'customer_key',
  'timestamp',
  'received_at',
  'properties',
  'context',
  ...OPTIONAL_TEXT_COLUMNS,
] as const;

/** A row as the stores read it back: engines return numbers, bigints or numeric strings. */
export type RawRow = Record<string, unknown>;

/**
 * Keeps the first row of each (brandId, messageId): both engines would otherwise store a
 * duplicate sent twice in one batch (DuckDB's OR IGNORE does not see rows of its own statement).
 */
export function dedupeBatch(rows: readonly EventRow[]): EventRow[] {
  const seen = new Set<string>();
  const unique: EventRow[] = [];
  for (const row of rows) {
    const key = dedupeKey(row.brandId, row.messageId);
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push(row);
  }
  return unique;
}

export function dedupeKey(brandId: number, messageId: string): string {
  return `${brandId}\u0000${messageId}`;
}

/** Milliseconds since the epoch; rejects an invalid Date instead of storing garbage. */
export function epochMs(date: Date): number {
  const ms = date.getTime();
  if (!Number.isFinite(ms)) throw new TypeError('analytics store: invalid Date');
  return ms;
}

/** Engines return counts as bigint (DuckDB BIGINT) or strings (ClickHouse 64-bit JSON). */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  throw new TypeError(`analytics store: expected a number, got ${typeof value}`);
}

function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  throw new TypeError(`analytics store: expected text, got ${typeof value}`);
}

function toNullableText(value: unknown): string | null {
  return value === null || value === undefined ? null : toText(value);
}

export function parseObject(value: unknown): Record<string, unknown> {
  const parsed: unknown = JSON.parse(toText(value));
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : {};
}

/** Maps a row selected with the query builders' event column list to a StoredEvent. */
export function toStoredEvent(raw: RawRow): StoredEvent {
  return {
    brandId: toNumber(raw.brand_id),
    messageId: toText(raw.message_id),
    type: toText(raw.type) as EventType,
    event: toText(raw.event),
    userId: toNullableText(raw.user_id),
    anonymousId: toNullableText(raw.anonymous_id),
    customerKey: toText(raw.customer_key),
    timestamp: new Date(toNumber(raw.timestamp_ms)),
    receivedAt: new Date(toNumber(raw.received_at_ms)),
    properties: parseObject(raw.properties),
    context: parseObject(raw.context),
    url: toNullableText(raw.url),
    path: toNullableText(raw.path),
    referrer: toNullableText(raw.referrer),
    browser: toNullableText(raw.browser),
    os: toNullableText(raw.os),
    device: toNullableText(raw.device),
    country: toNullableText(raw.country),
  };
}
