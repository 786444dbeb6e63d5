import { dedupeBatch, dedupeKey, toNumber, type RawRow } from './event-rows';
import { compileEventDeletion, compileQuery, readResult } from './sql/build-query';
import {
  CLICKHOUSE_EXISTING_IDS,
  clickhouseCreateEvents,
  clickhouseDateTime,
  clickhouseDialect,
  type ClickHouseParam,
} from './sql/clickhouse';
import {
  CallerGoneError,
  type AnalyticsStore,
  type EventRow,
  type EventTarget,
  type QueryOptions,
  type QueryShape,
  type ResultOf,
} from './types';

export type ClickHouseParams = Record<string, ClickHouseParam>;

export interface ReadLane {
  lane?: 'reports' | 'runtime';
  signal?: AbortSignal;
}

/**
 * The little the store needs from ClickHouse, so the same SQL runs on a server through
 * `@clickhouse/client` (production) and in-process on chdb (tests). Parameters are always
 * bound server-side as `{name:Type}`.
 */
export interface ClickHouseExecutor {
  /**
   * `lane` `reports`: an account's report (its own client pool, docs/reports.md); anything else
   * is the tour runtime's or ingestion's. With `signal`, a caller that goes away stops the read.
   */
  query(sql: string, params?: ClickHouseParams, read?: ReadLane): Promise<RawRow[]>;
  command(sql: string, params?: ClickHouseParams): Promise<void>;
  /** A synchronous insert: resolves once the part is written (never async_insert). */
  insertJSONEachRow(table: string, rows: readonly Record<string, unknown>[]): Promise<void>;
  close(): Promise<void>;
}

/** Message ids per dedup lookup: keeps the bound array (sent in the URL over HTTP) small. */
const LOOKUP_CHUNK = 1_000;

function toInsertRow(row: EventRow): Record<string, unknown> {
  return {
    brand_id: row.brandId,
    message_id: row.messageId,
    type: row.type,
    event: row.event,
    user_id: row.userId,
    anonymous_id: row.anonymousId,
    customer_key: row.customerKey,
    timestamp: clickhouseDateTime(row.timestamp),
    received_at: clickhouseDateTime(row.receivedAt),
    properties: JSON.stringify(row.properties ?? {}),
    context: JSON.stringify(row.context ?? {}),
    url: row.url,
    path: row.path,
    referrer: row.referrer,
    browser: row.browser,
    os: row.os,
    device: row.device,
    country: row.country,
  };
}

/** Creates the table if missing (idempotent, run at every start) and returns the store. */
export async function openClickHouseStore(executor: ClickHouseExecutor): Promise<AnalyticsStore> {
  try {
    await executor.command(clickhouseCreateEvents());
  } catch (err) {
    await executor.close().catch(() => undefined);
    throw err;
  }
  return new ClickHouseStore(executor);
}

class ClickHouseStore implements AnalyticsStore {
  readonly engine = 'clickhouse';
  private writes: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(private readonly executor: ClickHouseExecutor) {}

  insert(rows: EventRow[]): Promise<number> {
    if (this.closed) return Promise.reject(new Error('analytics store is closed'));
    const unique = dedupeBatch(rows);
    if (unique.length === 0) return Promise.resolve(0);
    // Serialised so two batches of this process never both pass the duplicate check.
    const result = this.writes.then(() => this.write(unique));
    this.writes = result.catch(() => undefined);
    return result;
  }

  /**
   * Check-then-insert. Between two nodes writing the same message id at the same moment both
   * checks can pass and the event is stored twice (clients retry the same id on another node
   * only after a failure, so this is rare); closing it needs a single writer per brand.
   */
  private async write(rows: EventRow[]): Promise<number> {
    const stored = await this.storedKeys(rows);
    const fresh = rows.filter((r) => !stored.has(dedupeKey(r.brandId, r.messageId)));
    if (fresh.length > 0) await this.executor.insertJSONEachRow('events', fresh.map(toInsertRow));
    return fresh.length;
  }

  private async storedKeys(rows: EventRow[]): Promise<Set<string>> {
    const stored = new Set<string>();
    for (let i = 0; i < rows.length; i += LOOKUP_CHUNK) {
      const chunk = rows.slice(i, i + LOOKUP_CHUNK);
      const found = await this.executor.query(CLICKHOUSE_EXISTING_IDS, {
        brands: [...new Set(chunk.map((r) => r.brandId))],
        ids: [...new Set(chunk.map((r) => r.messageId))],
      });
      for (const row of found)
        stored.add(dedupeKey(toNumber(row.brand_id), String(row.message_id)));
    }
    return stored;
  }

  /** Counted, then removed with a lightweight DELETE (rows are hidden from reads at once). */
  deleteEvents(target: EventTarget): Promise<number> {
    if (this.closed) return Promise.reject(new Error('analytics store is closed'));
    const { count, remove } = compileEventDeletion(target, clickhouseDialect);
    const result = this.writes.then(async () => {
      const n = toNumber((await this.executor.query(count.sql, count.params))[0]?.n);
      if (n > 0) await this.executor.command(remove.sql, remove.params);
      return n;
    });
    this.writes = result.catch(() => undefined);
    return result;
  }

  async query<S extends QueryShape>(shape: S, opts?: QueryOptions): Promise<ResultOf<S>> {
    if (this.closed) throw new Error('analytics store is closed');
    if (opts?.signal?.aborted) throw new CallerGoneError();
    const { sql, params } = compileQuery(shape, clickhouseDialect);
    const read = { lane: opts?.lane ?? 'runtime', signal: opts?.signal } as const;
    return readResult(shape, await this.executor.query(sql, params, read));
  }

  async ping(): Promise<void> {
    if (this.closed) throw new Error('analytics store is closed');
    await this.executor.query('SELECT 1 AS ok');
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.writes;
    await this.executor.close();
  }
}
