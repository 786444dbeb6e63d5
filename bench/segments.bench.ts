/**
 * Segments through the API against the engine's own work run directly (docs/segments.md "Engine",
 * docs/performance.md "Segments"). One product holds 100,000 customer profiles (PGlite in a temp
 * dir, written by `generate_series`) and 5,000,000 events over them and 60 days (DuckDB).
 *
 * Count: a definition of two attribute conditions (`plan` is `pro`, `orders` ≥ 3) and one event
 * condition (`Order Placed` at least twice in the last 30 days), counted exactly through the API
 * (`POST /v1/segments/preview` with `exact: true`) and by the engine alone, interleaved
 * (bench/lib/segments-engine.ts):
 * - the API: the preview over HTTP (token, validation, the product and references, the walk and
 *   page bounds, the analytics scheduler, DuckDB's thread, the sample, JSON);
 * - the engine: the same work without that layer — each page of profiles read by the same query
 *   on the same database, the statement the API ran for that page (recorded by wrapping the
 *   server's store, as bench/reports.bench.ts does) run on DuckDB itself (a read-only connection
 *   to the same file, in this thread) and read as the store reads it, and each profile decided
 *   by `segmentHolds`.
 * Both must find the same count. Prints both medians, their ratio (goal: API ≤ 1.2× the engine)
 * and where the engine's time goes. Then the builder's preview (no `exact`: it may answer an
 * estimate past its time budget, docs/segments.md "Preview"), BENCH_PREVIEWS times: p50 and p95
 * (goal: p95 ≤ 1 s).
 *
 * Export: a second account's product (a free plan has one) with 1,000,000 profiles and a segment
 * all of them match (two attribute conditions and an event condition `at most 1000 times, any
 * time`; that product has no events, so its statements find nothing and cost little);
 * `GET /v1/segments/{id}/members?format=csv` served by a server process of its own on the same
 * data (bench/lib/server-child.ts: this process's seeding, engine runs and previews left heaps,
 * caches and V8 heap limits that moved the export's figure by ±100 MB from one run to the next),
 * read chunk by chunk by this process while the server samples its RSS and heap every 20 ms from a
 * baseline taken after a full GC (bench/lib/memory-probe.ts). First a fresh server exports a
 * third account's tenth as large product (its first request: what touching its threads' heaps
 * costs); then another fresh server counts the segment (what a server runs after every save of a
 * segment) and exports every member, twice, the second telling what the first left behind from
 * what every export costs. Prints each one's time and peak RSS growth (goal, on the first full
 * export: ≤ 64 MB) and the live heap it left (after a GC); each CSV must hold every
 * member. BENCH_EXPORT_DRAIN=1 has the server read the segment's slices itself instead (no HTTP,
 * no CSV).
 *
 * Writes bench/results/segments.json; exits non-zero when the ratio misses its goal or a count is
 * wrong. BENCH_PROFILES, BENCH_EVENTS, BENCH_EXPORT_ROWS, BENCH_RUNS, BENCH_PREVIEWS and
 * BENCH_EXPORTS shrink it; BENCH_SMOKE=1 is CI's smoke run (2,000 profiles, 20,000 events, a
 * 500-row and a 5,000-row export, 2 runs and 2 previews: every step runs to its end, the ratio is printed and
 * never fails it).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { SegmentDefinition } from '../lib/contracts/segments';
import { DUCKDB_FILE_NAME } from '../server/analytics';
import { benchServer, type BenchAccount } from './lib/bench-server';
import { writeResult } from './lib/results';
import { directEngine, recordStatements, type EngineParts } from './lib/segments-engine';
import { reportExport } from './lib/segments-export-report';
import { startServerChild } from './lib/server-child-client';
import { COUNTED, EVERYONE, poster, seedEvents, seedProfiles } from './lib/segments-seed';

const SMOKE = process.env.BENCH_SMOKE === '1';
const knob = (name: string, full: number, smoke: number) =>
  Number(process.env[name] ?? (SMOKE ? smoke : full));
const PROFILES = knob('BENCH_PROFILES', 100_000, 2_000);
const EVENTS = knob('BENCH_EVENTS', 5_000_000, 20_000);
const EXPORT_ROWS = knob('BENCH_EXPORT_ROWS', 1_000_000, 5_000);
/** The rows of the small export: a tenth. */
const SMALL_ROWS = Math.ceil(EXPORT_ROWS / 10);
const RUNS = knob('BENCH_RUNS', 9, 2);
const PREVIEWS = knob('BENCH_PREVIEWS', 20, 2);
const EXPORTS = knob('BENCH_EXPORTS', 2, 1);
const DRAIN = process.env.BENCH_EXPORT_DRAIN === '1';
const GOAL_RATIO = 1.2;
const GOAL_P95_MS = 1_000;
const GOAL_RSS_MB = 64;

/** What `POST /v1/segments/preview` answers (the sample left out). */
interface PreviewAnswer {
  count: number;
  exact: boolean;
  ci95?: [number, number];
  took_ms: number;
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)]!;
/** Nearest rank: the smallest sample at or above `q` of them. */
const percentile = (xs: number[], q: number) =>
  sorted(xs)[Math.max(0, Math.ceil(q * xs.length) - 1)]!;
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);

async function main() {
  // A second account (a free plan has one product) owns the export's product, a third the
  // small export's.
  const server = await benchServer('segments', [
    { email: 'bench@example.com', product: 'Bench' },
    { email: 'export@example.com', product: 'Export' },
    { email: 'small@example.com', product: 'Small' },
  ]);
  const { dir, database } = server;
  const [
    { token, brandId },
    { token: exportToken, brandId: exportBrandId },
    { token: smallToken, brandId: smallBrandId },
  ] = server.accounts as [BenchAccount, BenchAccount, BenchAccount];

  let t = performance.now();
  await seedEvents(dir, brandId, EVENTS, PROFILES);
  console.log(`seeded ${EVENTS} events in ${seconds(t)} s`);
  t = performance.now();
  await seedProfiles(database.db, brandId, 'c', PROFILES);
  console.log(`seeded ${PROFILES} profiles in ${seconds(t)} s`);
  t = performance.now();
  await seedProfiles(database.db, exportBrandId, 'e', EXPORT_ROWS);
  await seedProfiles(database.db, smallBrandId, 's', SMALL_ROWS);
  console.log(
    `seeded ${EXPORT_ROWS} + ${SMALL_ROWS} profiles of the exports' products in ${seconds(t)} s`,
  );
  // What the server does on PGlite every few minutes (server/index.ts), PostgreSQL's autovacuum
  // after a bulk load: fresh statistics. On stale ones the profile page query read every
  // remaining profile of the product and sorted them (docs/performance.md, "Segments").
  t = performance.now();
  await database.maintenance();
  console.log(`VACUUM ANALYZE in ${seconds(t)} s`);

  const { app, base } = await server.start();
  const engineDb = await DuckDBInstance.create(path.join(dir, DUCKDB_FILE_NAME), {
    access_mode: 'READ_ONLY',
  });
  const engineConnection = await engineDb.connect();

  // --- Count: the API's preview against the engine's own work.
  // `exact`: counted to the end; without it the builder's preview, which may stop at its time
  // budget and answer an estimate (docs/segments.md, "Preview").
  const preview = async (exact: boolean) => {
    const res = await poster(base)(
      '/segments/preview',
      { brand_id: brandId, definition: COUNTED, ...(exact ? { exact } : {}) },
      token,
    );
    const body = (await res.json()) as { data?: PreviewAnswer; error?: unknown };
    if (res.status !== 200) throw new Error(`preview: ${res.status} ${JSON.stringify(body)}`);
    return body.data!;
  };
  const { answer, statements } = await recordStatements(app.ctx.analytics, () => preview(true));
  const apiCount = answer.count;
  const parts: EngineParts = { postgres: 0, duckdb: 0, evaluator: 0 };
  const engine = directEngine({
    db: database.db,
    brandId,
    definition: COUNTED as SegmentDefinition,
    statements,
    connection: engineConnection,
    parts,
  });
  const engineCount = await engine(true); // checks the pages and warms both
  Object.assign(parts, { postgres: 0, duckdb: 0, evaluator: 0 }); // the timed runs only
  if (engineCount !== apiCount)
    throw new Error(`the API counted ${apiCount} members and the engine ${engineCount}`);
  console.log(
    `count: ${apiCount} of ${PROFILES} profiles, ${statements.length} statements a count`,
  );
  const apiMs: number[] = [];
  const engineMs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    t = performance.now();
    if ((await preview(true)).count !== apiCount) throw new Error('the count changed');
    apiMs.push(performance.now() - t);
    t = performance.now();
    await engine();
    engineMs.push(performance.now() - t);
  }
  const a = median(apiMs);
  const e = median(engineMs);
  // The builder's preview, as the builder sends it.
  const previewMs: number[] = [];
  let last: PreviewAnswer | undefined;
  for (let i = 0; i < PREVIEWS; i++) {
    t = performance.now();
    last = await preview(false);
    previewMs.push(performance.now() - t);
  }
  const p50 = percentile(previewMs, 0.5);
  const p95 = percentile(previewMs, 0.95);
  const answered = last!.exact
    ? `exact: ${last!.count}`
    : `estimate ${last!.count} (95% ${last!.ci95?.join('–')}; exact ${apiCount})`;
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
    `exact      p50 ${percentile(apiMs, 0.5).toFixed(1)} ms   p95 ${percentile(apiMs, 0.95).toFixed(1)} ms` +
      ` (the ${RUNS} exact counts above)`,
  );
  console.log(
    `preview    p50 ${p50.toFixed(1)} ms   p95 ${p95.toFixed(1)} ms (${PREVIEWS} previews, ${answered});` +
      ` goal p95 ≤ ${GOAL_P95_MS} ms: ${p95 <= GOAL_P95_MS ? 'met' : 'NOT met'}`,
  );

  // --- Export: every member as CSV, read as it streams, the server's memory sampled.
  const segmentOf = async (brand: number, owner: string) => {
    const created = await poster(base)(
      '/segments',
      { brand_id: brand, name: 'Everyone', definition: EVERYONE },
      owner,
    );
    if (created.status !== 201)
      throw new Error(`segment: ${created.status} ${await created.text()}`);
    return ((await created.json()) as { data: { id: number } }).data.id;
  };
  const segmentId = await segmentOf(exportBrandId, exportToken);
  const smallSegmentId = await segmentOf(smallBrandId, smallToken);
  // The server of the exports runs in a process of its own (bench/lib/server-child.ts): this
  // one closes its app and databases on the data directory first.
  engineConnection.closeSync();
  engineDb.closeSync();
  await app.close();
  await database.close();
  const everyone = EVERYONE as SegmentDefinition;
  // BENCH_EXPORT_DRAIN=1: the engine's slices read by the server and written nowhere (what the
  // database, the analytics thread and the engine cost without HTTP and the CSV).
  const measure = (
    server: Awaited<ReturnType<typeof startServerChild>>,
    segment: number,
    brand: number,
    owner: string,
  ) =>
    DRAIN
      ? server.measureDrain(brand, everyone)
      : server.measureExport(`${server.base}/segments/${segment}/members?format=csv`, owner);
  // A fresh server exports a tenth of the rows: what a first export costs whatever its length.
  const smallServer = await startServerChild(dir);
  const small = reportExport(
    'cold, a tenth',
    await measure(smallServer, smallSegmentId, smallBrandId, smallToken),
    SMALL_ROWS,
  );
  await smallServer.close();
  // Another fresh server counts the segment, as a server does after every save of a segment
  // (the bench's own server had those counts turned off), then exports every row, then again:
  // the second tells what the first one left behind (caches, a heap that grew) from what every
  // export costs.
  const exportServer = await startServerChild(dir);
  const counted = await poster(exportServer.base)(
    '/segments/preview',
    { brand_id: exportBrandId, definition: EVERYONE, exact: true },
    exportToken,
  );
  if (counted.status !== 200) throw new Error(`count: ${counted.status} ${await counted.text()}`);
  const exports = [];
  for (let i = 0; i < EXPORTS; i++)
    exports.push(
      reportExport(
        i === 0 ? 'counted, all ' : 'again, all   ',
        await measure(exportServer, segmentId, exportBrandId, exportToken),
        EXPORT_ROWS,
      ),
    );
  await exportServer.close();
  const first = exports[0]!.rss_growth_mb;
  const again = exports[1]?.rss_growth_mb;
  const exportMet = first <= GOAL_RSS_MB;
  console.log(
    `export RSS growth ${first.toFixed(1)} MB (${EXPORT_ROWS} rows, the segment counted first);` +
      ` goal ≤ ${GOAL_RSS_MB} MB: ${exportMet ? 'met' : 'NOT met'}. The same export again:` +
      ` ${again === undefined ? 'not run' : `${again.toFixed(1)} MB`}; a fresh server's first export` +
      ` (${SMALL_ROWS} rows, nothing done before it): ${small.rss_growth_mb.toFixed(1)} MB`,
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
    exact_count: { p50_ms: percentile(apiMs, 0.5), p95_ms: percentile(apiMs, 0.95) },
    preview: {
      previews: PREVIEWS,
      p50_ms: p50,
      p95_ms: p95,
      answer: { count: last!.count, exact: last!.exact, ci95: last!.ci95 ?? null },
      goal_met: p95 <= GOAL_P95_MS,
    },
    export_small_cold: small,
    exports,
    export_goal_met: exportMet,
  });
  rmSync(dir, { recursive: true, force: true });
  // A smoke run shows that every step runs; its tiny sizes say nothing about the ratio.
  if (!ratioMet && !SMOKE) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
