import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  DuckDBInstance,
  timestampValue,
  type DuckDBAppender,
  type DuckDBConnection,
  type DuckDBValue,
} from '@duckdb/node-api';
import { dedupeBatch, epochMs, OPTIONAL_TEXT_COLUMNS, toNumber } from './event-rows';
import { compileEventDeletion, compileQuery, readResult } from './sql/build-query';
import {
  DUCKDB_CREATE_CUSTOMER_INDEX,
  DUCKDB_CREATE_EVENTS,
  DUCKDB_CREATE_STAGING,
  duckdbDialect,
} from './sql/duckdb';
import {
  ANALYTICS_QUERY_TIMEOUT_MS,
  CallerGoneError,
  QueryTimeoutError,
  type AnalyticsStore,
  type QueryOptions,
  type EventRow,
  type EventTarget,
  type ListShape,
  type QueryShape,
  type ResultOf,
} from './types';

/**
 * One row converted before touching the Appender, so a bad value never leaves half a row. Plain
 * values only: rows are prepared on the server's thread and cross to the DuckDB thread as they
 * are (docs/adr/0015-duckdb-worker-thread.md).
 */
export interface AppendRow {
  brandId: number;
  /** message_id, type, event, user_id, anonymous_id, customer_key. */
  keys: (string | null)[];
  /** Microseconds since the epoch (DuckDB's TIMESTAMP). */
  timestamp: bigint;
  receivedAt: bigint;
  /** properties, context, url, path, referrer, browser, os, device, country. */
  rest: (string | null)[];
}

const toMicros = (date: Date) => BigInt(epochMs(date)) * 1000n;

/**
 * Drops repeats of a (brandId, messageId) and converts each row for the Appender; throws a
 * TypeError (a data error: docs/tracking.md) on a value that cannot be stored.
 */
export function prepareRows(rows: readonly EventRow[]): AppendRow[] {
  return dedupeBatch(rows).map(prepareRow);
}

/** One row as the Appender takes it; throws a TypeError on a value it cannot hold. */
export function prepareRow(row: EventRow): AppendRow {
  if (!Number.isInteger(row.brandId)) throw new TypeError('analytics store: invalid brandId');
  return {
    brandId: row.brandId,
    keys: [
      row.messageId,
      row.type,
      row.event,
      row.userId ?? null,
      row.anonymousId ?? null,
      row.customerKey,
    ],
    timestamp: toMicros(row.timestamp),
    receivedAt: toMicros(row.receivedAt),
    rest: [
      row.propertiesJson ?? JSON.stringify(row.properties ?? {}),
      row.contextJson ?? JSON.stringify(row.context ?? {}),
      ...OPTIONAL_TEXT_COLUMNS.map((column) => row[column] ?? null),
    ],
  };
}

/**
 * The Appender keeps a flush's rows in memory and writes them as one commit up to DuckDB's own
 * automatic flush (204,800 rows); larger batches take the deduplicating path, which is atomic
 * whatever the size.
 */
const DIRECT_APPEND_MAX_ROWS = 50_000;

function appendRows(appender: DuckDBAppender, rows: readonly AppendRow[]): void {
  for (const row of rows) {
    appender.appendInteger(row.brandId);
    appendText(appender, row.keys);
    appender.appendTimestamp(timestampValue(row.timestamp));
    appender.appendTimestamp(timestampValue(row.receivedAt));
    appendText(appender, row.rest);
    appender.endRow();
  }
}

function appendText(appender: DuckDBAppender, values: (string | null)[]): void {
  for (const value of values) {
    if (value === null) appender.appendNull();
    else appender.appendVarchar(value);
  }
}

/**
 * Reader connections of a store: reads run on them in parallel, each on its own, so a timeout
 * interrupts only its own query (docs/reports.md, "Sharing the analytics engine"). One more than
 * the scheduler lets accounts use at once (server/analytics/scheduler.ts): the tour runtime's
 * reads always find one.
 */
export const DUCKDB_READERS = 4;

/** How often an interrupt is repeated until the interrupted run has ended. */
const INTERRUPT_REPEAT_MS = 50;

export interface DuckDBStoreOptions {
  /** Limit of one read, counted from the moment it starts on a reader connection. */
  queryTimeoutMs?: number;
  /** Reader connections (DUCKDB_READERS by default). */
  readers?: number;
}

/** One read's limits: `timeoutMs` overrides the store's (tests, the bench). */
export interface ReadOptions extends QueryOptions {
  timeoutMs?: number;
}

/**
 * Opens (or creates) the DuckDB events store at `path` (a file, or ':memory:'). Writes go
 * through one connection in a promise chain; reads use a small pool of reader connections, so a
 * long report never holds up ingestion and sees only committed rows; `ping` has a connection of
 * its own, so a full pool never makes the store look dead.
 */
export async function openDuckDBStore(
  path: string,
  opts: DuckDBStoreOptions = {},
): Promise<DuckDBStore> {
  const instance = await DuckDBInstance.create(path);
  const connections: DuckDBConnection[] = [];
  try {
    const writer = await instance.connect();
    connections.push(writer);
    const pinger = await instance.connect();
    connections.push(pinger);
    const readers: DuckDBConnection[] = [];
    for (let i = 0; i < Math.max(1, opts.readers ?? DUCKDB_READERS); i++) {
      const reader = await instance.connect();
      connections.push(reader);
      readers.push(reader);
    }
    await writer.run(DUCKDB_CREATE_EVENTS);
    await writer.run(DUCKDB_CREATE_CUSTOMER_INDEX);
    await writer.run(DUCKDB_CREATE_STAGING);
    // Fewer checkpoints under steady ingestion (they stall inserts); the WAL keeps writes durable.
    await writer.run("SET checkpoint_threshold = '64MB'");
    return new DuckDBStore(
      instance,
      writer,
      pinger,
      readers,
      opts.queryTimeoutMs ?? ANALYTICS_QUERY_TIMEOUT_MS,
    );
  } catch (err) {
    for (const c of connections) c.closeSync();
    instance.closeSync();
    throw err;
  }
}

export class DuckDBStore implements AnalyticsStore {
  readonly engine = 'duckdb';
  private writes: Promise<unknown> = Promise.resolve();
  private closed = false;
  private stagingDirty = false;
  /** Reader connections free now; reads waiting for one, in arrival order. */
  private readonly idle: DuckDBConnection[];
  private readonly waiting: { take: (c: DuckDBConnection) => void; signal?: AbortSignal }[] = [];
  /** Reads that started on a reader connection since the store opened (tests count them). */
  readsStarted = 0;

  constructor(
    private readonly instance: DuckDBInstance,
    private readonly writer: DuckDBConnection,
    private readonly pinger: DuckDBConnection,
    private readonly readers: DuckDBConnection[],
    private readonly queryTimeoutMs: number,
  ) {
    this.idle = [...readers];
  }

  insert(rows: EventRow[]): Promise<number> {
    let prepared: AppendRow[];
    try {
      prepared = prepareRows(rows);
    } catch (err) {
      return Promise.reject(err);
    }
    return this.insertPrepared(prepared);
  }

  /** `insert` of rows already passed through `prepareRows`. */
  insertPrepared(prepared: AppendRow[]): Promise<number> {
    if (this.closed) return Promise.reject(new Error('analytics store is closed'));
    if (prepared.length === 0) return Promise.resolve(0);
    const result = this.writes.then(() => this.write(prepared));
    this.writes = result.catch(() => undefined);
    return result;
  }

  /**
   * Rows whose message ids are new (nearly always: a repeat is a client's retry) go straight into
   * `events` through the Appender: one flush, atomic, refused whole on a repeated key. Anything
   * the direct path refuses is written again the deduplicating way, which keeps every new row and
   * skips the repeats (docs/adr/0016-direct-append.md).
   */
  private async write(rows: AppendRow[]): Promise<number> {
    if (rows.length <= DIRECT_APPEND_MAX_ROWS && (await this.appendDirect(rows))) {
      return rows.length;
    }
    return this.writeDeduplicated(rows);
  }

  /** True when every row was appended and committed; false when the flush was refused. */
  private async appendDirect(rows: AppendRow[]): Promise<boolean> {
    // Writes are chained: nothing else uses the writer between these rows and their flush.
    const appender = await this.writer.createAppender('events');
    try {
      appendRows(appender, rows);
      appender.flushSync();
      return true;
    } catch {
      // A refused flush keeps its rows in the Appender, and closing it (or collecting it) would
      // try them again later, outside this write: they are dropped here.
      appender.clear();
      return false;
    } finally {
      appender.closeSync();
    }
  }

  /**
   * Appender into the staging table, then one INSERT OR IGNORE: an atomic, committed statement
   * (WAL, fsync) whose changed-row count is the number of new events.
   */
  private async writeDeduplicated(rows: AppendRow[]): Promise<number> {
    // Normally emptied after each batch; only a failed cleanup leaves rows behind.
    if (this.stagingDirty) await this.writer.run('DELETE FROM events_staging');
    this.stagingDirty = true;
    try {
      const appender = await this.writer.createAppender('events_staging', 'main', 'temp');
      try {
        appendRows(appender, rows);
        appender.flushSync();
      } finally {
        appender.closeSync();
      }
      const result = await this.writer.run(
        'INSERT OR IGNORE INTO events SELECT * FROM events_staging',
      );
      return result.rowsChanged;
    } finally {
      await this.writer.run('DELETE FROM events_staging').then(
        () => (this.stagingDirty = false),
        () => undefined,
      );
    }
  }

  async query<S extends QueryShape>(shape: S, opts?: QueryOptions): Promise<ResultOf<S>> {
    if (this.closed) throw new Error('analytics store is closed');
    const { sql, params } = compileQuery(shape, duckdbDialect);
    const rows = await this.read(sql, params, opts);
    return readResult(shape, rows);
  }

  /** Counted, then deleted on the writer after the writes queued before it. */
  deleteEvents(target: EventTarget): Promise<number> {
    if (this.closed) return Promise.reject(new Error('analytics store is closed'));
    const { count, remove } = compileEventDeletion(target, duckdbDialect);
    const result = this.writes.then(async () => {
      const counted = await this.writer.runAndReadAll(count.sql, count.params);
      const n = toNumber(counted.getRowObjects()[0]?.n);
      if (n > 0) await this.writer.run(remove.sql, remove.params);
      return n;
    });
    this.writes = result.catch(() => undefined);
    return result;
  }

  /** `onRows` may return a promise: the next slice is read once it settles. */
  async stream<S extends ListShape>(
    shape: S,
    onRows: (rows: ResultOf<S>) => void | Promise<void>,
  ): Promise<void> {
    if (this.closed) throw new Error('analytics store is closed');
    const { sql, params } = compileQuery(shape, duckdbDialect);
    // Its own connection: the reader stays free for requests while the slices are handled.
    const connection = await this.instance.connect();
    try {
      const result = await connection.stream(sql, params);
      const names = result.deduplicatedColumnNames();
      for (;;) {
        const chunk = await result.fetchChunk();
        if (!chunk || chunk.rowCount === 0) break;
        await onRows(readResult(shape, chunk.getRowObjects(names)));
        // Requests waiting on the event loop go first.
        await nextTurn();
      }
    } finally {
      connection.closeSync();
    }
  }

  /**
   * Runs one read on a reader connection of its own. Its time limit starts when it starts on
   * that connection (not while it waits for one) and interrupts that connection alone: a runaway
   * report answers 504 and nobody else's read is stopped. A read whose `signal` aborts while it
   * waits never starts; one that aborts while it runs is interrupted.
   */
  async read(
    sql: string,
    params?: DuckDBValue[] | Record<string, DuckDBValue>,
    opts: ReadOptions = {},
  ) {
    const { signal } = opts;
    const ms = opts.timeoutMs ?? this.queryTimeoutMs;
    const connection = await this.acquire(signal);
    this.readsStarted++;
    const started = connection.runAndReadAll(sql, params);
    // The connection goes back to the pool once its run has really ended (interrupted or not).
    void started.then(
      () => this.release(connection),
      () => this.release(connection),
    );
    let ended = false;
    void started.then(
      () => (ended = true),
      () => (ended = true),
    );
    // An interrupt that arrives before DuckDB has begun executing is lost: it is repeated until
    // the run has ended, so a stopped read never goes on holding its connection.
    const stop = () => {
      connection.interrupt();
      const again = setInterval(() => {
        if (ended) clearInterval(again);
        else connection.interrupt();
      }, INTERRUPT_REPEAT_MS);
      again.unref();
    };
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const stopped = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        stop();
        reject(new QueryTimeoutError(ms));
      }, ms);
      onAbort = () => {
        stop();
        reject(new CallerGoneError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      const reader = await Promise.race([started, stopped]);
      return reader.getRowObjects();
    } finally {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
      // An interrupted run rejects later: nobody waits for it any more.
      started.catch(() => undefined);
      stopped.catch(() => undefined);
    }
  }

  /** A free reader connection; rejects (and never takes one) when `signal` aborts first. */
  private acquire(signal?: AbortSignal): Promise<DuckDBConnection> {
    if (this.closed) return Promise.reject(new Error('analytics store is closed'));
    if (signal?.aborted) return Promise.reject(new CallerGoneError());
    const free = this.idle.pop();
    if (free) return Promise.resolve(free);
    return new Promise((resolve, reject) => {
      const entry = {
        signal,
        take: (c: DuckDBConnection) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(c);
        },
      };
      const onAbort = () => {
        const i = this.waiting.indexOf(entry);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(new CallerGoneError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(entry);
    });
  }

  private release(connection: DuckDBConnection) {
    const next = this.waiting.shift();
    if (next) next.take(connection);
    else this.idle.push(connection);
  }

  async ping(): Promise<void> {
    if (this.closed) throw new Error('analytics store is closed');
    await this.pinger.run('SELECT 1');
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.writes;
    // A checkpoint folds the WAL into the file so the next start does not replay it.
    await this.writer.run('CHECKPOINT').catch(() => undefined);
    for (const reader of this.readers) reader.closeSync();
    this.pinger.closeSync();
    this.writer.closeSync();
    this.instance.closeSync();
  }
}
