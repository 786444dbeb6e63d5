import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { openClickHouseClientExecutor } from './clickhouse-client.executor';
import { openClickHouseStore } from './clickhouse.store';
import { DuckDBThreadStore } from './duckdb-thread';
import type { AnalyticsStore } from './types';

export interface AnalyticsStoreOptions {
  /** ClickHouse HTTP endpoint; DuckDB under `dataDir` when unset or empty. */
  clickhouseUrl?: string;
  /** Holds `analytics.duckdb`; `':memory:'` keeps DuckDB in memory (tests). */
  dataDir: string;
  clickhouseDatabase?: string;
  /** Limit of one read (ANALYTICS_QUERY_TIMEOUT_MS by default); past it the query is stopped. */
  queryTimeoutMs?: number;
  /** `batch` (the default): DuckDB's thread runs as background work (docs/performance.md). */
  threadPolicy?: 'batch' | 'normal';
}

export const DUCKDB_FILE_NAME = 'analytics.duckdb';

/**
 * Opens the events store and creates its table if missing (idempotent, run at every start).
 * Rejects when the store cannot be opened (file locked by another process, ClickHouse down).
 */
export async function openAnalyticsStore(opts: AnalyticsStoreOptions): Promise<AnalyticsStore> {
  if (opts.clickhouseUrl) {
    const executor = await openClickHouseClientExecutor({
      url: opts.clickhouseUrl,
      database: opts.clickhouseDatabase,
      queryTimeoutMs: opts.queryTimeoutMs,
    });
    return openClickHouseStore(executor);
  }
  // DuckDB works on a thread of its own (docs/adr/0015-duckdb-worker-thread.md).
  const duck = {
    queryTimeoutMs: opts.queryTimeoutMs,
    background: (opts.threadPolicy ?? 'batch') === 'batch',
  };
  if (opts.dataDir === ':memory:') return DuckDBThreadStore.open(':memory:', duck);
  await mkdir(opts.dataDir, { recursive: true });
  return DuckDBThreadStore.open(path.join(opts.dataDir, DUCKDB_FILE_NAME), duck);
}

export { openDuckDBStore } from './duckdb.store';
export { DuckDBThreadStore } from './duckdb-thread';
export { openClickHouseStore, type ClickHouseExecutor } from './clickhouse.store';
export {
  clickHouseClientExecutor,
  openClickHouseClientExecutor,
} from './clickhouse-client.executor';
export { loadChdb, openChdbExecutor } from './chdb.executor';
