import { createClient, type ClickHouseClient } from '@clickhouse/client';
import type { RawRow } from './event-rows';
import type { ClickHouseExecutor } from './clickhouse.store';
import { ANALYTICS_QUERY_TIMEOUT_MS, CallerGoneError, QueryTimeoutError } from './types';

export interface ClickHouseClientOptions {
  url: string;
  /** Created when missing; `default` when unset. */
  database?: string;
  requestTimeoutMs?: number;
  /** max_execution_time of each read; past it ClickHouse stops the query (answered 504). */
  queryTimeoutMs?: number;
}

/** ClickHouse database names are identifiers here, so they are validated, never bound. */
const DATABASE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Limits of every read on ClickHouse (docs/reports.md, "Sharing the analytics engine"). */
export const CLICKHOUSE_READ_LIMITS = {
  /** Bytes one read may take on the server; past it ClickHouse stops it (MEMORY_LIMIT_EXCEEDED). */
  maxMemoryUsage: 2 * 1024 ** 3,
  /**
   * Rows one read may answer (a report answers at most about 11,000: 1,000 buckets × 11 breakdown
   * lines); past it ClickHouse stops it (TOO_MANY_ROWS_OR_BYTES).
   */
  maxResultRows: 1_000_000,
} as const;

/**
 * Sockets of the reports' client: one more than the scheduler lets accounts use at once
 * (server/analytics/scheduler.ts). The tour runtime and ingestion have a client of their own, so
 * reports never hold the sockets a visitor's page waits for.
 */
export const REPORTS_SOCKETS = 4;

export interface ClickHouseExecutorOptions {
  queryTimeoutMs?: number;
  /** The tour runtime's and ingestion's client; the reports' one serves them too when unset. */
  runtime?: ClickHouseClient;
  maxMemoryUsage?: number;
  maxResultRows?: number;
}

/**
 * Wraps existing `@clickhouse/client`s (any transport) as the store's executor: `client` for the
 * reads of reports (lane `reports`), `opts.runtime` for everything else.
 */
export function clickHouseClientExecutor(
  client: ClickHouseClient,
  opts: ClickHouseExecutorOptions = {},
): ClickHouseExecutor {
  const queryTimeoutMs = opts.queryTimeoutMs ?? ANALYTICS_QUERY_TIMEOUT_MS;
  const runtime = opts.runtime ?? client;
  const settings = {
    max_execution_time: Math.max(1, Math.ceil(queryTimeoutMs / 1000)),
    max_memory_usage: String(opts.maxMemoryUsage ?? CLICKHOUSE_READ_LIMITS.maxMemoryUsage),
    max_result_rows: String(opts.maxResultRows ?? CLICKHOUSE_READ_LIMITS.maxResultRows),
    result_overflow_mode: 'throw',
  } as const;
  return {
    async query(sql, params, read = {}) {
      try {
        const result = await (read.lane === 'reports' ? client : runtime).query({
          query: sql,
          query_params: params,
          format: 'JSONEachRow',
          clickhouse_settings: settings,
          abort_signal: read.signal,
        });
        return await result.json<RawRow>();
      } catch (err) {
        // 159 TIMEOUT_EXCEEDED: the server stopped the query at max_execution_time.
        if ((err as { code?: unknown }).code === '159') throw new QueryTimeoutError(queryTimeoutMs);
        if (read.signal?.aborted) throw new CallerGoneError();
        throw err;
      }
    },
    async command(sql, params) {
      await client.command({ query: sql, query_params: params });
    },
    async insertJSONEachRow(table, rows) {
      // async_insert off: the response comes after the part is written, so resolve = durable.
      await client.insert({
        table,
        values: rows,
        format: 'JSONEachRow',
        clickhouse_settings: { async_insert: 0 },
      });
    },
    close: async () => {
      await client.close();
      if (runtime !== client) await runtime.close();
    },
  };
}

/**
 * Connects to a ClickHouse server over HTTP, creating `database` if it does not exist. Rejects
 * when the server cannot be reached, so a misconfigured URL fails the start, not the first event.
 */
export async function openClickHouseClientExecutor(
  opts: ClickHouseClientOptions,
): Promise<ClickHouseExecutor> {
  const database = opts.database ?? 'default';
  if (!DATABASE_NAME.test(database)) throw new Error(`invalid ClickHouse database name`);
  const common = {
    url: opts.url,
    request_timeout: opts.requestTimeoutMs ?? 30_000,
    // Long bound arrays (the dedup lookup) move to the request body instead of the URL.
    use_multipart_params_auto: true,
  };
  if (database !== 'default') {
    const admin = createClient(common);
    try {
      const found = await admin.query({
        query: 'SELECT 1 FROM system.databases WHERE name = {db:String}',
        query_params: { db: database },
        format: 'JSONEachRow',
      });
      // Creating only when missing: accounts without CREATE DATABASE can still use an existing one.
      if ((await found.json()).length === 0)
        await admin.command({ query: `CREATE DATABASE IF NOT EXISTS \`${database}\`` });
    } finally {
      await admin.close();
    }
  }
  return clickHouseClientExecutor(
    createClient({ ...common, database, max_open_connections: REPORTS_SOCKETS }),
    { queryTimeoutMs: opts.queryTimeoutMs, runtime: createClient({ ...common, database }) },
  );
}
