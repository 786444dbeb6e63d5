import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { openClickHouseClientExecutor } from './clickhouse-client.executor';
import { openClickHouseStore } from './clickhouse.store';
import { openDuckDBStore } from './duckdb.store';
import type { AnalyticsStore } from './types';

export interface AnalyticsStoreOptions {
  /** ClickHouse HTTP endpoint; DuckDB under `dataDir` when unset or empty. */
  clickhouseUrl?: string;
  /** Holds `analytics.duckdb`; `':memory:'` keeps DuckDB in memory (tests). */
  dataDir: string;
  clickhouseDatabase?: string;
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
    });
    return openClickHouseStore(executor);
  }
  if (opts.dataDir === ':memory:') return openDuckDBStore(':memory:');
  await mkdir(opts.dataDir, { recursive: true });
  return openDuckDBStore(path.join(opts.dataDir, DUCKDB_FILE_NAME));
}

export { openDuckDBStore } from './duckdb.store';
export { openClickHouseStore, type ClickHouseExecutor } from './clickhouse.store';
export {
  clickHouseClientExecutor,
  openClickHouseClientExecutor,
} from './clickhouse-client.executor';
export { loadChdb, openChdbExecutor } from './chdb.executor';
