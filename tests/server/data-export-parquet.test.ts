import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { openChdbExecutor } from '@/server/analytics/chdb.executor';
import { openClickHouseStore } from '@/server/analytics/clickhouse.store';
import type { AnalyticsStore } from '@/server/analytics/types';
import { analyticsCaller } from '@/server/analytics/scheduler';
import { createBrandAccess } from '@/server/modules/brands/brand-access';
import { createBrandsRepository } from '@/server/modules/brands/brands.repository';
import { createDataExportRepository } from '@/server/modules/data-export/data-export.repository';
import { createDataExportService } from '@/server/modules/data-export/data-export.service';
import { chdbForTests, ingest, setupTestAccount } from './helpers';

/**
 * The data export as Parquet (docs/data-export.md, "Parquet"): the file opens in DuckDB with the
 * rows of the NDJSON export, typed columns and every row's cursor; fields narrow the columns; the
 * temporary files are gone once the answer ends; the account's one-export slot covers the
 * conversion. On DuckDB and on ClickHouse (chdb).
 */

const T0 = Date.parse('2026-10-02T00:00:00Z');

const lines = (ndjson: string) =>
  ndjson
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/** The export's temporary directories now (parquet.ts names them so). */
const tempDirs = () => readdirSync(os.tmpdir()).filter((d) => d.startsWith('signpost-export-'));

/** The rows of a Parquet file as DuckDB reads them, with its column names and types. */
async function readParquet(bytes: Buffer, select = '*') {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'parquet-test-'));
  const file = path.join(dir, 'export.parquet');
  writeFileSync(file, bytes);
  const instance = await DuckDBInstance.create(':memory:');
  const c = await instance.connect();
  try {
    const columns = (await c.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet('${file}')`))
      .getRowObjectsJson()
      .map((r) => [r.column_name, r.column_type]);
    const read = await c.runAndReadAll(`SELECT ${select} FROM read_parquet('${file}')`);
    return { columns: Object.fromEntries(columns), rows: read.getRowObjectsJson() };
  } finally {
    c.closeSync();
    instance.closeSync();
    rmSync(dir, { recursive: true, force: true });
  }
}

function parquetSuite(engine: string, open: () => Promise<AnalyticsStore | undefined>) {
  describe(`data export as Parquet (${engine})`, () => {
    let external: AnalyticsStore | undefined;
    afterAll(async () => external?.close());
    const a = setupTestAccount(async () => {
      external = await open();
      return external ? { analytics: external } : {};
    });
    let seeded = false;
    const seed = async () => {
      if (seeded) return;
      seeded = true;
      const batch = Array.from({ length: 30 }, (_, i) => ({
        type: 'track',
        event: i % 3 ? 'Order Placed' : 'Signed In',
        userId: `u${i % 5}`,
        messageId: `pq-${String(i).padStart(3, '0')}`,
        timestamp: new Date(T0 + i * 61_001).toISOString(),
        properties: { total: i, tags: ['a', `t${i}`], note: i === 4 ? 'a,"q"\nx' : 'plain' },
      }));
      const traits = Array.from({ length: 5 }, (_, i) => ({
        type: 'identify',
        userId: `u${i}`,
        anonymousId: `anon-${i}`,
        traits: { plan: i % 2 ? 'pro' : 'free' },
      }));
      const res = await ingest(a.app, a.writeKey, '/v1/batch', { batch: [...batch, ...traits] });
      expect(res.json().accepted, res.body).toBe(35);
    };

    it('events: the same rows as the NDJSON export, typed, with their cursors', async () => {
      await seed();
      const before = tempDirs().length;
      const ndjson = lines((await a.call('GET', `/v1/export/events?brand_id=${a.brandId}`)).body);
      const res = await a.call('GET', `/v1/export/events?brand_id=${a.brandId}&format=parquet`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.apache.parquet');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="events-${a.brandId}.parquet"`,
      );
      const { columns, rows } = await readParquet(
        res.rawPayload,
        '*, epoch_ms("timestamp") AS ms, properties ->> \'note\' AS note',
      );
      expect(rows).toHaveLength(ndjson.length);
      expect(rows.length).toBe(35);
      expect(Object.keys(columns)).toEqual(Object.keys(ndjson[0]!));
      expect(columns).toMatchObject({
        cursor: 'VARCHAR',
        timestamp: 'TIMESTAMP WITH TIME ZONE',
        received_at: 'TIMESTAMP WITH TIME ZONE',
        properties: 'JSON',
        context: 'JSON',
      });
      expect(rows.map((r) => r.cursor)).toEqual(ndjson.map((r) => r.cursor));
      expect(rows.map((r) => r.message_id)).toEqual(ndjson.map((r) => r.message_id));
      const at = rows.findIndex((r) => r.message_id === 'pq-004');
      expect(Number(rows[at]!.ms)).toBe(Date.parse(ndjson[at]!.timestamp as string));
      expect(rows[at]!.note).toBe('a,"q"\nx');
      expect(JSON.parse(rows[at]!.properties as string)).toEqual(ndjson[at]!.properties);
      expect(rows[at]).toMatchObject({ event: 'Order Placed', user_id: 'u4', customer_key: 'u4' });
      // The request's temporary files are gone with the answer.
      expect(tempDirs().length).toBe(before);
    });

    it('events resume from a Parquet row’s cursor, in any format', async () => {
      await seed();
      const all = lines((await a.call('GET', `/v1/export/events?brand_id=${a.brandId}`)).body);
      const first = await a.call('GET', `/v1/export/events?brand_id=${a.brandId}&format=parquet`);
      const { rows } = await readParquet(first.rawPayload, 'cursor');
      const rest = await a.call(
        'GET',
        `/v1/export/events?brand_id=${a.brandId}&format=parquet&cursor=${rows[11]!.cursor as string}`,
      );
      const { rows: after } = await readParquet(rest.rawPayload, 'message_id');
      expect(after.map((r) => r.message_id)).toEqual(all.slice(12).map((r) => r.message_id));
    });

    it('profiles: fields narrow the columns; lists, times and JSON keep their types', async () => {
      await seed();
      const q = `brand_id=${a.brandId}&fields=customer_key,anonymous_ids,last_seen,data_attributes`;
      const ndjson = lines((await a.call('GET', `/v1/export/profiles?${q}`)).body);
      const res = await a.call('GET', `/v1/export/profiles?${q}&format=parquet`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/customers-\d+\.parquet/);
      const { columns, rows } = await readParquet(res.rawPayload, '*, epoch_ms(last_seen) AS ms');
      expect(columns).toEqual({
        cursor: 'VARCHAR',
        customer_key: 'VARCHAR',
        anonymous_ids: 'VARCHAR[]',
        last_seen: 'TIMESTAMP WITH TIME ZONE',
        data_attributes: 'JSON',
      });
      expect(rows).toHaveLength(ndjson.length);
      expect(rows.length).toBe(5);
      for (const [i, row] of rows.entries()) {
        const want = ndjson[i]!;
        expect(row.cursor).toBe(want.cursor);
        expect(row.customer_key).toBe(want.customer_key);
        expect(row.anonymous_ids).toEqual(want.anonymous_ids);
        expect(Number(row.ms)).toBe(Date.parse(want.last_seen as string));
        expect(JSON.parse(row.data_attributes as string)).toEqual(want.data_attributes);
      }
    });

    it('downloads through a signed link (the Data section’s Parquet buttons)', async () => {
      await seed();
      const made = await a.call('POST', '/v1/download-links', {
        path: `/v1/export/profiles?brand_id=${a.brandId}&format=parquet`,
      });
      expect(made.statusCode, made.body).toBe(200);
      const res = await a.app.inject({ method: 'GET', url: made.json().data.url });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/attachment; filename="customers-/);
      expect((await readParquet(res.rawPayload)).rows).toHaveLength(5);
    });

    it('holds the account’s export slot until the file is taken, then cleans up', async () => {
      await seed();
      const before = tempDirs().length;
      const held = await a.app.ctx.dataExport.profiles(
        { ownerId: a.userId },
        { brand_id: a.brandId, format: 'parquet' },
      );
      expect(tempDirs().length).toBe(before + 1);
      const refused = await a.call('GET', `/v1/export/events?brand_id=${a.brandId}&format=parquet`);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      // The client goes away before reading: slot and files are given back.
      await held.chunks.return(undefined);
      await expect.poll(() => tempDirs().length).toBe(before);
      const again = await a.call('GET', `/v1/export/events?brand_id=${a.brandId}&format=parquet`);
      expect(again.statusCode).toBe(200);
    });

    it('a client gone while the rows are written stops the export and leaves nothing', async () => {
      await seed();
      const before = tempDirs().length;
      const gone = new AbortController();
      let reads = 0;
      const svc = createDataExportService({
        access: createBrandAccess(createBrandsRepository(a.app.ctx.database.db)),
        // The client goes away during the third page.
        store: {
          query: (shape, opts) => {
            if (++reads === 3) gone.abort();
            return a.app.ctx.analytics.query(shape, opts);
          },
        },
        repo: createDataExportRepository(a.app.ctx.database.db),
        pages: { events: 4, profiles: 2 },
      });
      const caller = { account: a.userId, signal: gone.signal };
      await expect(
        analyticsCaller.run(caller, () =>
          svc.events({ ownerId: a.userId }, { brand_id: a.brandId, format: 'parquet' }),
        ),
      ).rejects.toMatchObject({ status: 499 });
      expect(reads).toBe(3);
      expect(tempDirs().length).toBe(before);
      // Its slot is free again.
      const next = await svc.events(
        { ownerId: a.userId },
        { brand_id: a.brandId, format: 'parquet' },
      );
      let bytes = 0;
      for await (const chunk of next.chunks) bytes += chunk.length;
      expect(bytes).toBeGreaterThan(0);
      expect(tempDirs().length).toBe(before);
    });
  });
}

parquetSuite('duckdb', async () => undefined);

const chdbAvailable = await chdbForTests();
let chdbDir: string | undefined;
describe.skipIf(!chdbAvailable)('on ClickHouse', () => {
  afterAll(() => {
    if (chdbDir) rmSync(chdbDir, { recursive: true, force: true });
  });
  parquetSuite('clickhouse', async () => {
    chdbDir = mkdtempSync(path.join(os.tmpdir(), 'signpost-chdb-'));
    return openClickHouseStore(await openChdbExecutor(chdbDir));
  });
});
