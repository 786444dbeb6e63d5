import { createClient, type ClickHouseClient } from '@clickhouse/client';
import type { RawRow } from './event-rows';
import type { ClickHouseExecutor } from './clickhouse.store';
import { ANALYTICS_QUERY_TIMEOUT_MS, QueryTimeoutError } from './types';

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

/** Wraps an existing `@clickhouse/client` (any transport) as the store's executor. */
export function clickHouseClientExecutor(
  client: ClickHouseClient,
  queryTimeoutMs = ANALYTICS_QUERY_TIMEOUT_MS,
): ClickHouseExecutor {
  return {
    async query(sql, params) {
      try {
        const result = await client.query({
          query: sql,
          query_params: params,
          format: 'JSONEachRow',
          clickhouse_settings: {
            max_execution_time: Math.max(1, Math.ceil(queryTimeoutMs / 1000)),
          },
        });
        return await result.json<RawRow>();
      } catch (err) {
        // 159 TIMEOUT_EXCEEDED: the server stopped the query at max_execution_time.
        if ((err as { code?: unknown }).code === '159') throw new QueryTimeoutError(queryTimeoutMs);
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
    close: () => client.close(),
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
  return clickHouseClientExecutor(createClient({ ...common, database }), opts.queryTimeoutMs);
}
