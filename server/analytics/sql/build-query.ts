import { EVENT_COLUMNS, toNumber, toStoredEvent, type RawRow } from '../event-rows';
import type { EventTarget, QueryResults, QueryShape, ResultOf } from '../types';
import { Binder, KEPT_FROM_PARAM, type Dialect } from './binder';
import { parseObject } from '../event-rows';
import { compileFunnel, compileFunnelCustomers, readFunnel, readFunnelCustomers } from './funnel';
import { compileLinkClicks, readLinkClicks } from './link-clicks';
import { compileRetention, readRetention } from './retention';
import { compileSegmentEventCounts, readSegmentEventCounts } from './segments';
import { targetWhere } from './event-target';
import { compileTopValues, compileTrend, readTopValues, readTrend } from './trend';

export { Binder, jsonKey } from './binder';

export interface CompiledQuery<P> {
  sql: string;
  params: Record<string, P>;
}
export type { Dialect, ParamKind, ParamValues } from './binder';

/** The columns of a StoredEvent, as `toStoredEvent` reads them: times as epoch milliseconds. */
function eventColumns(d: Dialect<unknown>): string {
  return EVENT_COLUMNS.map((column) =>
    column === 'timestamp' || column === 'received_at'
      ? `${d.epochMs(column)} AS ${column}_ms`
      : column,
  ).join(', ');
}

function limitOf(limit: number): number {
  return Number.isFinite(limit) ? Math.max(0, Math.floor(limit)) : 0;
}

/**
 * Compiles one query shape to SQL with bound parameters for the given dialect. A shape with a
 * retention cutoff (`keptFrom`, docs/retention.md) reads no event before it: every shape's
 * statement takes the product's events through `Binder.brand`, which adds the cutoff, and a shape
 * compiled without it is refused rather than run.
 */
export function compileQuery<P>(shape: QueryShape, dialect: Dialect<P>): CompiledQuery<P> {
  const b = new Binder(dialect, shape.keptFrom);
  const inRange = (from: Date, to: Date) =>
    `timestamp >= ${b.bind('from', 'timestamp', from)} AND timestamp < ${b.bind('to', 'timestamp', to)}`;
  let sql: string;
  switch (shape.kind) {
    case 'reportTrend':
      sql = compileTrend(shape, dialect, b);
      break;
    case 'reportTopValues':
      sql = compileTopValues(shape, dialect, b);
      break;
    case 'reportFunnel':
      sql = compileFunnel(shape, dialect, b);
      break;
    case 'reportFunnelCustomers':
      sql = compileFunnelCustomers(shape, dialect, b);
      break;
    case 'reportRetention':
      sql = compileRetention(shape, dialect, b);
      break;
    case 'linkClicks':
      sql = compileLinkClicks(shape, dialect, b);
      break;
    case 'segmentEventCounts':
      sql = compileSegmentEventCounts(shape, dialect, b);
      break;
    case 'tail':
      sql =
        `SELECT ${eventColumns(dialect)} FROM events` +
        ` WHERE ${b.brand(shape.brandId)}` +
        (shape.event === undefined
          ? ''
          : ` AND event = ${b.bind('event', 'string', shape.event)}`) +
        ` ORDER BY timestamp DESC, message_id DESC LIMIT ${b.bind('limit', 'uint', limitOf(shape.limit))}`;
      break;
    case 'timeline': {
      // Keyset pagination: (timestamp, message_id) is unique per brand, so no row is skipped or
      // repeated between pages, unlike OFFSET while events keep arriving.
      let before = '';
      if (shape.before) {
        const ts = b.bind('before_ts', 'timestamp', shape.before.timestamp);
        const id = b.bind('before_id', 'string', shape.before.messageId);
        before = ` AND (timestamp < ${ts} OR (timestamp = ${ts} AND message_id < ${id}))`;
      }
      sql =
        `SELECT ${eventColumns(dialect)} FROM events` +
        ` WHERE ${b.brand(shape.brandId)}` +
        ` AND (user_id = ${b.bind('user', 'string', shape.userId)}` +
        ` OR (user_id IS NULL AND ${b.inStrings('anonymous_id', 'anon', shape.anonymousIds)}))${before}` +
        ` ORDER BY timestamp DESC, message_id DESC LIMIT ${b.bind('limit', 'uint', limitOf(shape.limit))}`;
      break;
    }
    case 'exportEvents': {
      // Keyset order on the millisecond (what a cursor carries): a time stored finer than that
      // (a bulk load) must neither repeat nor skip rows when an export is resumed.
      const ms = dialect.epochMs('timestamp');
      let after = '';
      if (shape.after) {
        const ts = dialect.epochMs(b.bind('after_ts', 'timestamp', shape.after.timestamp));
        const id = b.bind('after_id', 'string', shape.after.messageId);
        after = ` AND (${ms} > ${ts} OR (${ms} = ${ts} AND message_id > ${id}))`;
      }
      const where = targetWhere({ brandId: shape.brandId, customer: shape.customer }, b);
      sql =
        `SELECT ${eventColumns(dialect)} FROM events` +
        ` WHERE ${where} AND ${inRange(shape.from, shape.to)}${after}` +
        ` ORDER BY ${ms} ASC, message_id ASC LIMIT ${b.bind('limit', 'uint', limitOf(shape.limit))}`;
      break;
    }
    case 'countsByEvent':
      sql =
        `SELECT event, count(*) AS n, ${dialect.epochMs('max(timestamp)')} AS last_ms FROM events` +
        ` WHERE ${b.brand(shape.brandId)} AND ${inRange(shape.from, shape.to)}` +
        (shape.events ? ` AND ${b.inStrings('event', 'events', shape.events)}` : '') +
        (shape.definedByUsersOnly ? ` AND event NOT LIKE '$%'` : '') +
        ` GROUP BY event ORDER BY n DESC, event ASC` +
        (shape.limit === undefined
          ? ''
          : ` LIMIT ${b.bind('limit', 'uint', limitOf(shape.limit))}`);
      break;
    case 'anyEvent':
      sql =
        `SELECT 1 AS n FROM events WHERE ${b.brand(shape.brandId)}` +
        (shape.except?.length ? ` AND NOT (${b.inStrings('event', 'except', shape.except)})` : '') +
        ` LIMIT 1`;
      break;
    case 'eventCount':
      sql =
        `SELECT count(*) AS n FROM events` +
        ` WHERE ${b.brand(shape.brandId)} AND ${inRange(shape.from, shape.to)}`;
      break;
    case 'visitorEvents': {
      // Rows by the visitor's keys first (an index lookup), then who sent them, the codes and
      // the window.
      const from = shape.from ? ` AND timestamp >= ${b.bind('from', 'timestamp', shape.from)}` : '';
      const keys = shape.userId ? [shape.userId, shape.anonymousId] : [shape.anonymousId];
      const anon = b.bind('anon', 'string', shape.anonymousId);
      const who = shape.userId
        ? `(user_id = ${b.bind('user', 'string', shape.userId)} OR (user_id IS NULL AND anonymous_id = ${anon}))`
        : `(user_id IS NULL AND anonymous_id = ${anon})`;
      sql =
        dialect.cte(
          'v',
          `SELECT event, timestamp, properties, user_id, anonymous_id FROM events` +
            ` WHERE ${b.inFewStrings('customer_key', 'key', keys)}` +
            ` AND ${b.brand(shape.brandId)}`,
        ) +
        ` SELECT event, ${dialect.epochMs('timestamp')} AS timestamp_ms, properties FROM v` +
        ` WHERE ${who} AND ${b.inStrings('event', 'events', shape.events)}${from}` +
        ` ORDER BY timestamp DESC LIMIT ${b.bind('limit', 'uint', limitOf(shape.limit))}`;
      break;
    }
    case 'codeEvents':
      sql =
        `SELECT event, message_id, user_id, anonymous_id, ${dialect.epochMs('timestamp')} AS timestamp_ms,` +
        ` properties FROM events WHERE ${b.brand(shape.brandId)}` +
        ` AND ${b.inStrings('event', 'events', shape.events)}` +
        ` LIMIT ${b.bind('limit', 'uint', limitOf(shape.limit))}`;
      break;
    case 'flowEventCounts': {
      const from = shape.from ? ` AND timestamp >= ${b.bind('from', 'timestamp', shape.from)}` : '';
      const where =
        ` FROM events WHERE ${b.brand(shape.brandId)}` +
        ` AND ${b.inStrings('event', 'events', shape.events)}` +
        ` AND ${dialect.jsonInt('properties', 'flow_id')} = ${b.bind('flow', 'int', shape.flowId)}` +
        `${from} AND timestamp < ${b.bind('to', 'timestamp', shape.to)}`;
      const step = shape.byStep ? dialect.jsonText('properties', 'step_id') : "''";
      const counts = `count(*) AS n, ${dialect.countDistinct('customer_key')} AS customers`;
      sql = `SELECT event, -1 AS bucket_ms, ${step} AS step_id, ${counts}${where} GROUP BY event, step_id`;
      if (shape.granularity)
        sql +=
          ` UNION ALL SELECT event, ${dialect.bucketStartMs(shape.granularity, 'timestamp')} AS bucket_ms,` +
          ` ${step} AS step_id, ${counts}${where} GROUP BY event, bucket_ms, step_id`;
      break;
    }
  }
  if (shape.keptFrom && !(KEPT_FROM_PARAM in b.params))
    throw new Error(`the ${shape.kind} query ignores the product's retention`);
  return { sql, params: b.params };
}

/** The count and the deletion of a target's events, for the given dialect. */
export function compileEventDeletion<P>(
  target: EventTarget,
  dialect: Dialect<P>,
): { count: CompiledQuery<P>; remove: CompiledQuery<P> } {
  const b = new Binder(dialect);
  const where = targetWhere(target, b);
  return {
    count: { sql: `SELECT count(*) AS n FROM events WHERE ${where}`, params: b.params },
    remove: { sql: `DELETE FROM events WHERE ${where}`, params: b.params },
  };
}

/** Maps the rows of a compiled query to the shape's result type (same for every dialect). */
export function readResult<S extends QueryShape>(shape: S, rows: readonly RawRow[]): ResultOf<S> {
  return readAny(shape, rows) as ResultOf<S>;
}

function readAny(shape: QueryShape, rows: readonly RawRow[]): QueryResults[QueryShape['kind']] {
  switch (shape.kind) {
    case 'reportTrend':
      return readTrend(shape, rows);
    case 'reportTopValues':
      return readTopValues(rows);
    case 'reportFunnel':
      return readFunnel(rows);
    case 'reportFunnelCustomers':
      return readFunnelCustomers(rows);
    case 'reportRetention':
      return readRetention(rows);
    case 'linkClicks':
      return readLinkClicks(rows);
    case 'segmentEventCounts':
      return readSegmentEventCounts(shape, rows);
    case 'tail':
    case 'timeline':
    case 'exportEvents':
      return rows.map(toStoredEvent);
    case 'countsByEvent':
      return rows.map((r) => ({
        event: String(r.event),
        count: toNumber(r.n),
        lastSeen: new Date(toNumber(r.last_ms)),
      }));
    case 'anyEvent':
      return rows.length > 0;
    case 'eventCount':
      return rows.length === 0 ? 0 : toNumber(rows[0]!.n);
    case 'visitorEvents':
      return rows.map((r) => ({
        event: String(r.event),
        timestamp: new Date(toNumber(r.timestamp_ms)),
        properties: parseObject(r.properties),
      }));
    case 'codeEvents':
      return rows.map((r) => ({
        event: String(r.event),
        messageId: String(r.message_id),
        userId: r.user_id === null || r.user_id === undefined ? null : String(r.user_id),
        anonymousId:
          r.anonymous_id === null || r.anonymous_id === undefined ? null : String(r.anonymous_id),
        at: toNumber(r.timestamp_ms),
        propertiesJson:
          typeof r.properties === 'string' ? r.properties : JSON.stringify(r.properties ?? {}),
      }));
    case 'flowEventCounts':
      return rows.map((r) => {
        const bucket = toNumber(r.bucket_ms);
        const step = r.step_id === null || r.step_id === undefined ? '' : String(r.step_id);
        return {
          event: String(r.event),
          bucket: bucket < 0 ? null : new Date(bucket),
          stepId: step === '' ? null : step,
          count: toNumber(r.n),
          customers: toNumber(r.customers),
        };
      });
  }
}
