/**
 * Segments through the API against the engine's own work run directly (docs/segments.md "Engine",
 * docs/performance.md "Segments"). One product holds 100,000 customer profiles (PGlite in a temp
 * dir, written by `generate_series`) and 5,000,000 events over them and 60 days (DuckDB).
 *
 * Count: a definition of two attribute conditions (`plan` is `pro`, `orders` ≥ 3) and one event
 * condition (`Order Placed` at least twice in the last 30 days). The bench records the
 * `segmentEventCounts` statements one `POST /v1/segments/preview` runs (by wrapping the server's
 * store, as bench/reports.bench.ts does), then times, interleaved:
 * - the API: the preview over HTTP (token, validation, the product and references, the
 *   scheduler, DuckDB's thread, the sample, JSON);
 * - the engine: the same work without that layer — each page of profiles read by the same query
 *   on the same database, the API's compiled statement of that page run on DuckDB itself (a
 *   read-only connection to the same file, in this thread) and read as the store reads it, and
 *   each profile decided by `segmentHolds`.
 * Both must find the same count. Prints both medians, their ratio (goal: API ≤ 1.2× the engine)
 * and the previews' p50 and p95 (goal: p95 ≤ 1 s).
 *
 * Export: a second account's product (a free plan has one) with 1,000,000 profiles and a segment
 * all of them match (two attribute conditions and an event condition `at most 1000 times, any
 * time`; that product has no events, so its statements find nothing and cost little);
 * `GET /v1/segments/{id}/members?format=csv` read chunk by chunk over HTTP while the process's RSS
 * is sampled every 20 ms. Prints its time and the RSS growth over the RSS before it (goal: ≤ 64
 * MB); the CSV must hold every member.
 *
 * Writes bench/results/segments.json; exits non-zero when the ratio misses its goal or a count is
 * wrong. BENCH_PROFILES, BENCH_EVENTS, BENCH_EXPORT_ROWS and BENCH_RUNS shrink it; BENCH_SMOKE=1
 * is CI's smoke run (2,000 profiles, 20,000 events, a 5,000-row export, 2 runs: every step runs
 * to its end, the ratio is printed and never fails it).
 */
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { SegmentDefinition } from '../lib/contracts/segments';
import { buildApp } from '../server/app';
import { DUCKDB_FILE_NAME } from '../server/analytics';
import { compileQuery, readResult } from '../server/analytics/sql/build-query';
import { duckdbDialect } from '../server/analytics/sql/duckdb';
import type { QueryShape } from '../server/analytics/types';
import { openDatabase } from '../server/db/client';
import { customerProfiles } from '../server/db/schema';
import { loadEnv } from '../server/env';
import { profileValues } from '../server/modules/flows/runtime/reads';
import { eventConditionsOf, segmentHolds } from '../server/modules/segments/engine/evaluate';
import { SEGMENT_PAGE_SIZE } from '../server/modules/segments/engine/members';
import { writeResult } from './lib/results';
import { readStreaming } from './lib/segments-export';
import {
  COUNTED,
  createProduct,
  EVERYONE,
  poster,
  seedEvents,
  seedProfiles,
  signedInAccount,
} from './lib/segments-seed';

const SMOKE = process.env.BENCH_SMOKE === '1';
const knob = (name: string, full: number, smoke: number) =>
  Number(process.env[name] ?? (SMOKE ? smoke : full));
const PROFILES = knob('BENCH_PROFILES', 100_000, 2_000);
const EVENTS = knob('BENCH_EVENTS', 5_000_000, 20_000);
const EXPORT_ROWS = knob('BENCH_EXPORT_ROWS', 1_000_000, 5_000);
const RUNS = knob('BENCH_RUNS', 20, 2);
const GOAL_RATIO = 1.2;
const GOAL_P95_MS = 1_000;
const GOAL_RSS_MB = 64;

const mb = (bytes: number) => bytes / 1024 / 1024;
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)]!;
/** Nearest rank: the smallest sample at or above `q` of them. */
const percentile = (xs: number[], q: number) =>
  sorted(xs)[Math.max(0, Math.ceil(q * xs.length) - 1)]!;
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'signpost-bench-segments-'));
  const env = loadEnv({ NODE_ENV: 'production', DATA_DIR: dir, LOG_LEVEL: 'warn' });
  const database = await openDatabase({ dataDir: dir });
  // No background count after a save: it would run beside what is measured.
  const options = { env, database, realtime: false, segmentCounts: false };
  let app = await buildApp(options);
  await app.listen({ port: 0, host: '127.0.0.1' });
  let base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/v1`;
  const latestLink = async () => (await app.ctx.outbox.latest())[0]?.links[0] as string;
  const token = await signedInAccount(poster(base), latestLink, 'bench@example.com');
  const brandId = await createProduct(poster(base), token, 'Bench');
  // A second account (a free plan has one product) owns the export's product.
  const exportToken = await signedInAccount(poster(base), latestLink, 'export@example.com');
  const exportBrandId = await createProduct(poster(base), exportToken, 'Export');
  await app.close();

  let t = performance.now();
  await seedEvents(dir, brandId, EVENTS, PROFILES);
  console.log(`seeded ${EVENTS} events in ${seconds(t)} s`);
  t = performance.now();
  await seedProfiles(database.db, brandId, 'c', PROFILES);
  console.log(`seeded ${PROFILES} profiles in ${seconds(t)} s`);
  t = performance.now();
  await seedProfiles(database.db, exportBrandId, 'e', EXPORT_ROWS);
  console.log(`seeded ${EXPORT_ROWS} profiles of the export's product in ${seconds(t)} s`);

  app = await buildApp(options);
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/v1`;
  const engineDb = await DuckDBInstance.create(path.join(dir, DUCKDB_FILE_NAME), {
    access_mode: 'READ_ONLY',
  });
  const engineConnection = await engineDb.connect();

  // --- Count: the API's preview against the engine's own work.
  const preview = async () => {
    const res = await poster(base)(
      '/segments/preview',
      { brand_id: brandId, definition: COUNTED },
      token,
    );
    const body = (await res.json()) as { data?: { count: number }; error?: unknown };
    if (res.status !== 200) throw new Error(`preview: ${res.status} ${JSON.stringify(body)}`);
    return body.data!.count;
  };
  // The statements one preview runs, in page order, compiled as the store compiles them.
  const store = app.ctx.analytics;
  const query = store.query.bind(store);
  const shapes: QueryShape[] = [];
  store.query = (async (shape: QueryShape, opts?: Parameters<typeof query>[1]) => {
    shapes.push(shape);
    return query(shape, opts);
  }) as typeof store.query;
  const apiCount = await preview();
  store.query = query;
  const statements = shapes.map((shape) => ({ shape, ...compileQuery(shape, duckdbDialect) }));
  if (statements.some((s) => s.shape.kind !== 'segmentEventCounts'))
    throw new Error('the preview ran another statement than segmentEventCounts');

  const definition = COUNTED as SegmentDefinition;
  const resolve = () => undefined;
  const index = new Map(eventConditionsOf(definition, resolve).map((c, i) => [c, i]));
  // Where the engine's time goes, summed over the timed runs.
  const parts = { postgres: 0, duckdb: 0, evaluator: 0 };
  const engine = async (check = false) => {
    const now = Date.now();
    let at = performance.now();
    const lap = (part: keyof typeof parts) => {
      const next = performance.now();
      parts[part] += next - at;
      at = next;
    };
    let count = 0;
    let cursor = 0;
    for (let page = 0; ; page++) {
      const rows = await database.db
        .select()
        .from(customerProfiles)
        .where(and(eq(customerProfiles.brandId, brandId), gt(customerProfiles.id, cursor)))
        .orderBy(asc(customerProfiles.id))
        .limit(SEGMENT_PAGE_SIZE);
      lap('postgres');
      if (rows.length === 0) break;
      const s = statements[page];
      if (!s) throw new Error(`the preview ran no statement for page ${page}`);
      if (check && s.shape.kind === 'segmentEventCounts') {
        const keys = rows.map((r) => r.customerKey).join();
        if (s.shape.customerKeys.join() !== keys)
          throw new Error(`page ${page}: the preview's statement counted other customers`);
      }
      const read = await engineConnection.runAndReadAll(s.sql, s.params as never);
      const found = readResult(s.shape, read.getRowObjects()) as {
        customerKey: string;
        counts: number[];
      }[];
      lap('duckdb');
      const counts = new Map(found.map((r) => [r.customerKey, r.counts]));
      for (const row of rows) {
        const own = counts.get(row.customerKey);
        const facts = {
          profile: profileValues(row),
          eventCount: (c: Parameters<typeof index.get>[0]) => own?.[index.get(c) ?? -1] ?? 0,
        };
        if (segmentHolds(definition, facts, now, resolve)) count++;
      }
      lap('evaluator');
      if (rows.length < SEGMENT_PAGE_SIZE) break;
      cursor = rows.at(-1)!.id;
    }
    return count;
  };
  const engineCount = await engine(true); // checks the pages and warms both
  Object.assign(parts, { postgres: 0, duckdb: 0, evaluator: 0 });
  if (engineCount !== apiCount)
    throw new Error(`the API counted ${apiCount} members and the engine ${engineCount}`);
  console.log(
    `count: ${apiCount} of ${PROFILES} profiles, ${statements.length} statements a count`,
  );
  const apiMs: number[] = [];
  const engineMs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    t = performance.now();
    if ((await preview()) !== apiCount) throw new Error('the preview counted another number');
    apiMs.push(performance.now() - t);
    t = performance.now();
    await engine();
    engineMs.push(performance.now() - t);
  }
  const a = median(apiMs);
  const e = median(engineMs);
  const p50 = percentile(apiMs, 0.5);
  const p95 = percentile(apiMs, 0.95);
  const ratioMet = a / e <= GOAL_RATIO;
  console.log(
    `count      API ${a.toFixed(1).padStart(8)} ms   engine ${e.toFixed(1).padStart(8)} ms` +
      `   ratio ${(a / e).toFixed(3)}× (medians of ${RUNS})`,
  );
  const share = (part: keyof typeof parts) => (parts[part] / RUNS).toFixed(1);
  console.log(
    `engine     PostgreSQL pages ${share('postgres')} ms, DuckDB statements ${share('duckdb')} ms,` +
      ` segmentHolds ${share('evaluator')} ms (means a count)`,
  );
  console.log(`goal: API ≤ ${GOAL_RATIO}× the engine: ${ratioMet ? 'met' : 'NOT met'}`);
  console.log(
    `preview    p50 ${p50.toFixed(1)} ms   p95 ${p95.toFixed(1)} ms (${RUNS} previews);` +
      ` goal p95 ≤ ${GOAL_P95_MS} ms: ${p95 <= GOAL_P95_MS ? 'met' : 'NOT met'}`,
  );

  // --- Export: every member as CSV, read as it streams, RSS sampled.
  const created = await poster(base)(
    '/segments',
    { brand_id: exportBrandId, name: 'Everyone', definition: EVERYONE },
    exportToken,
  );
  if (created.status !== 201) throw new Error(`segment: ${created.status} ${await created.text()}`);
  const segmentId = ((await created.json()) as { data: { id: number } }).data.id;
  const {
    lines,
    bytes,
    ms: exportMs,
    rssBefore,
    rssPeak,
  } = await readStreaming(`${base}/segments/${segmentId}/members?format=csv`, exportToken);
  const rows = lines - 1; // the header
  if (rows !== EXPORT_ROWS) throw new Error(`the export held ${rows} rows, not ${EXPORT_ROWS}`);
  const growth = mb(rssPeak - rssBefore);
  console.log(
    `export     ${rows} rows, ${mb(bytes).toFixed(1)} MB of CSV in ${(exportMs / 1000).toFixed(1)} s` +
      ` (${Math.round(rows / (exportMs / 1000))} rows/s)`,
  );
  console.log(
    `export RSS ${mb(rssBefore).toFixed(1)} MB before, peak ${mb(rssPeak).toFixed(1)} MB: growth ` +
      `${growth.toFixed(1)} MB; goal ≤ ${GOAL_RSS_MB} MB: ${growth <= GOAL_RSS_MB ? 'met' : 'NOT met'}`,
  );

  writeResult('segments', {
    bench: 'segments',
    smoke: SMOKE,
    profiles: PROFILES,
    events: EVENTS,
    runs: RUNS,
    statements_per_count: statements.length,
    members: apiCount,
    count: { api_ms: a, engine_ms: e, ratio: a / e, goal_met: ratioMet },
    engine_parts_ms: {
      postgres: parts.postgres / RUNS,
      duckdb: parts.duckdb / RUNS,
      evaluator: parts.evaluator / RUNS,
    },
    preview: { p50_ms: p50, p95_ms: p95, goal_met: p95 <= GOAL_P95_MS },
    export: {
      rows,
      bytes,
      ms: exportMs,
      rss_before_mb: mb(rssBefore),
      rss_growth_mb: growth,
      goal_met: growth <= GOAL_RSS_MB,
    },
  });
  engineConnection.closeSync();
  engineDb.closeSync();
  await app.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
  // A smoke run shows that every step runs; its tiny sizes say nothing about the ratio.
  if (!ratioMet && !SMOKE) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
