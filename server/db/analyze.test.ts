import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';

/**
 * PGlite never autovacuums: `analyze()` is what gives the planner the statistics of a table
 * loaded in bulk (docs/performance.md, "Stale statistics"); the server runs it every 10 minutes.
 */
describe('database.analyze on PGlite', () => {
  let dir: string;
  let database: Database;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'pglite-analyze-'));
    database = await openDatabase({ dataDir: dir });
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const estimatedRows = async () => {
    const r = await database.db.execute(
      sql`SELECT reltuples::float8 AS n FROM pg_class WHERE relname = 'bulk_loaded'`,
    );
    return Number((r as unknown as { rows: { n: number }[] }).rows[0]?.n);
  };

  it("records the row count of a bulk-loaded table in the planner's statistics", async () => {
    await database.db.execute(sql`CREATE TABLE bulk_loaded (id int PRIMARY KEY, brand_id int)`);
    await database.db.execute(
      sql`INSERT INTO bulk_loaded SELECT i, i % 7 FROM generate_series(1, 5000) AS i`,
    );
    expect(await estimatedRows()).toBeLessThan(1_000);
    await database.analyze();
    expect(await estimatedRows()).toBe(5_000);
  });
});
