import type { RawRow } from './event-rows';
import type { ClickHouseExecutor } from './clickhouse.store';

/** The part of chdb 3.x used here (chdb is not a dependency: CI installs it with --no-save). */
interface ChdbResult {
  text(): string;
}
interface ChdbSession {
  queryBindAsync(sql: string, params: object, opts: { format: string }): Promise<ChdbResult>;
  insert(params: { table: string; values: Buffer; format: 'JSONEachRow' }): Promise<unknown>;
  close(): void;
}
interface ChdbModule {
  Session: new (path: string) => ChdbSession;
  drainPending?: () => Promise<void>;
}

function isChdbModule(mod: unknown): mod is ChdbModule {
  return (
    typeof mod === 'object' && mod !== null && typeof Reflect.get(mod, 'Session') === 'function'
  );
}

/** Loads chdb if installed; null otherwise (the ClickHouse suite is then skipped). */
export async function loadChdb(): Promise<ChdbModule | null> {
  // A variable specifier keeps TypeScript and bundlers from requiring the optional package.
  const specifier = 'chdb';
  try {
    const mod: unknown = await import(/* @vite-ignore */ specifier);
    return isChdbModule(mod) ? mod : null;
  } catch {
    return null;
  }
}

function parseJSONEachRow(text: string): RawRow[] {
  const rows: RawRow[] = [];
  for (const line of text.split('\n')) if (line.trim() !== '') rows.push(JSON.parse(line));
  return rows;
}

/**
 * An embedded ClickHouse (chdb) at `path` as the store's executor: the real engine's SQL,
 * functions and parameter binding without a server. chdb serves one data directory per process.
 */
export async function openChdbExecutor(path: string): Promise<ClickHouseExecutor> {
  const chdb = await loadChdb();
  if (!chdb) throw new Error('chdb is not installed (npm install --no-save chdb)');
  const session = new chdb.Session(path);
  let closed = false;
  return {
    async query(sql, params = {}) {
      const result = await session.queryBindAsync(sql, params, { format: 'JSONEachRow' });
      return parseJSONEachRow(result.text());
    },
    async command(sql, params = {}) {
      await session.queryBindAsync(sql, params, { format: 'JSONEachRow' });
    },
    async insertJSONEachRow(table, rows) {
      const body = rows.map((row) => JSON.stringify(row)).join('\n');
      await session.insert({ table, values: Buffer.from(body), format: 'JSONEachRow' });
    },
    async close() {
      if (closed) return;
      closed = true;
      session.close();
      await chdb.drainPending?.();
    },
  };
}
