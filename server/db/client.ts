import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { PGliteThread } from './pglite-thread';

export type Schema = typeof schema;
/** The one database type repositories receive, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  ping(): Promise<void>;
  /** PGlite never runs autovacuum; the server schedules this. */
  maintenance(): Promise<void>;
  /**
   * Refreshes the planner's statistics (PGlite only; PostgreSQL's autovacuum does it): the
   * server runs it every 10 minutes, so a bulk load is not read on a stale plan for hours
   * (docs/performance.md, "Stale statistics").
   */
  analyze(): Promise<void>;
  close(): Promise<void>;
}

/** Default statement_timeout on PostgreSQL (PGlite, single-threaded in-process, has none). */
export const STATEMENT_TIMEOUT_MS = 15_000;

/** Opens PostgreSQL when a URL is given, else PGlite under `dataDir`, and applies migrations. */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  /** PostgreSQL's statement_timeout for every request's statements (not migrations). */
  statementTimeoutMs?: number;
}): Promise<Database> {
  if (opts.url) {
    // Migrations may take longer than a request may: they run on their own connection.
    const migrator = new pg.Pool({ connectionString: opts.url, max: 1 });
    try {
      await migratePg(drizzlePg(migrator), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await migrator.end();
    }
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: 10,
      // The server cancels a statement running longer (SQLSTATE 57014, answered 504).
      statement_timeout: opts.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS,
    });
    pool.on('error', () => undefined); // idle-client errors surface on the next query instead
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      engine: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      maintenance: async () => undefined,
      analyze: async () => undefined,
      close: () => pool.end(),
    };
  }
  if (!opts.dataDir) throw new Error('openDatabase needs a url or a dataDir');
  const dir = path.join(opts.dataDir, 'pg');
  mkdirSync(dir, { recursive: true });
  const client = await PGliteThread.create(dir);
  // The driver only calls query() and transaction(), which the thread's client provides.
  const driverClient = client as unknown as PGlite;
  const db = drizzlePglite(driverClient, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(driverClient), { migrationsFolder: MIGRATIONS_DIR });
  return {
    db,
    engine: 'pglite',
    ping: async () => void (await client.query('select 1')),
    maintenance: async () => void (await db.execute(sql`VACUUM ANALYZE`)),
    analyze: async () => void (await db.execute(sql`ANALYZE`)),
    close: () => client.close(),
  };
}
