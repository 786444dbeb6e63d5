/**
 * The data export's memory (docs/data-export.md, docs/performance.md "Data export"): one product
 * holds 1,000,000 events (DuckDB, written by `range`, 60 days, properties included);
 * `GET /v1/export/events?format=csv`, then `format=ndjson`, then CSV again are read chunk by chunk over HTTP
 * by a child process while this process (the server, with PGlite's and DuckDB's threads) samples
 * its RSS every 20 ms from a baseline taken after a full GC (bench/lib/segments-export.ts). Prints
 * each export's time, rows per second, peak RSS growth (goal: ≤ 64 MB once DuckDB's cache is
 * warm; the first, cold run is printed apart) and the live heap it left;
 * the file must hold every event. Then the export cut after a third of its rows and resumed from
 * the last whole row's cursor must hold every event once. Last, `format=parquet` (built whole before
 * the answer: docs/data-export.md, "Parquet"): its time and RSS growth are printed (not judged by
 * the streaming goal: the conversion's DuckDB may hold up to its memory limit), and the file must
 * open in DuckDB with every event once.
 *
 * Writes bench/results/data-export.json; exits non-zero when a row is missing or repeated.
 * BENCH_EVENTS shrinks it; BENCH_SMOKE=1 is CI's smoke run (20,000 events; no verdict on memory).
 */
import { createWriteStream, rmSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebStream } from 'node:stream/web';
import { DuckDBInstance } from '@duckdb/node-api';
import { benchServer } from './lib/bench-server';
import { writeResult } from './lib/results';
import { seedEvents } from './lib/segments-seed';
import { exportThroughChild } from './lib/segments-export';

const SMOKE = process.env.BENCH_SMOKE === '1';
const EVENTS = Number(process.env.BENCH_EVENTS ?? (SMOKE ? 20_000 : 1_000_000));
const GOAL_RSS_MB = 64;
const mb = (bytes: number) => bytes / 1024 / 1024;

/** Reads the whole export (in this process) and answers its lines without the CSV header. */
async function rowsOf(url: string, token: string): Promise<string[]> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`export: ${res.status} ${await res.text()}`);
  return (await res.text()).split('\n').filter(Boolean);
}

/** Saves the Parquet export to `file`, then answers its rows and distinct cursors (DuckDB). */
async function parquetRows(url: string, token: string, file: string) {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200 || !res.body)
    throw new Error(`parquet: ${res.status} ${await res.text()}`);
  await pipeline(Readable.fromWeb(res.body as WebStream), createWriteStream(file));
  const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
  const c = await instance.connect();
  try {
    const read = await c.runAndReadAll(
      `SELECT count(*)::INTEGER AS n, count(DISTINCT cursor)::INTEGER AS d FROM read_parquet('${file}')`,
    );
    const [n, d] = read.getRows()[0] as [number, number];
    return { rows: n, distinct: d };
  } finally {
    c.closeSync();
    instance.closeSync();
  }
}

async function main() {
  const { dir, database, accounts, start } = await benchServer('export', [
    { email: 'export@example.com', product: 'Export' },
  ]);
  const { token, brandId } = accounts[0]!;

  const t = performance.now();
  await seedEvents(dir, brandId, EVENTS, Math.max(1, Math.floor(EVENTS / 50)));
  console.log(`seeded ${EVENTS} events in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  const { app, base } = await start();
  const address = (format: string, extra = '') =>
    `${base}/export/events?brand_id=${brandId}&format=${format}${extra}`;

  // The first read of the product's events since the start also fills DuckDB's buffer cache
  // (bounded by its memory limit, shared by every product): that run is printed as cold, and the
  // goal is judged on the runs after it.
  const results: Record<string, unknown>[] = [];
  let worst = 0;
  const runs = ['csv', 'ndjson', 'csv'] as const;
  for (const [i, format] of runs.entries()) {
    const run = await exportThroughChild(address(format), token);
    const rows = run.lines - (format === 'csv' ? 1 : 0);
    if (rows !== EVENTS) throw new Error(`the ${format} export held ${rows} of ${EVENTS} events`);
    const grown = mb(run.peak.rss - run.before.rss);
    const left = mb(run.after.heap - run.before.heap);
    if (i > 0) worst = Math.max(worst, grown);
    const perSecond = Math.round(rows / (run.ms / 1000));
    console.log(
      `${i === 0 ? 'cold ' : 'warm '}${format.padEnd(6)} ${rows} rows, ${mb(run.bytes).toFixed(1)} MB in ${(run.ms / 1000).toFixed(1)} s` +
        ` (${perSecond} rows/s); RSS +${grown.toFixed(1)} MB at its peak,` +
        ` JS heap peak +${mb(run.peak.heap - run.before.heap).toFixed(1)} MB,` +
        ` live heap after a GC ${left >= 0 ? '+' : ''}${left.toFixed(1)} MB`,
    );
    results.push({ format, cold: i === 0, rows, ms: run.ms, perSecond, rssGrowthMb: grown });
  }

  // Cut after a third of the rows, resumed from the last whole row's cursor: every row once.
  const all = await rowsOf(address('ndjson'), token);
  const cut = all.slice(0, Math.floor(all.length / 3));
  const cursor = (JSON.parse(cut.at(-1)!) as { cursor: string }).cursor;
  const rest = await rowsOf(address('ndjson', `&cursor=${cursor}`), token);
  const ids = [...cut, ...rest].map((l) => (JSON.parse(l) as { message_id: string }).message_id);
  if (ids.length !== EVENTS || new Set(ids).size !== EVENTS)
    throw new Error(`resumed: ${ids.length} rows, ${new Set(ids).size} distinct, of ${EVENTS}`);
  console.log(`resumed after ${cut.length} rows: ${rest.length} more, every event once`);

  // Parquet: written to a temporary file, converted, then sent (printed, not judged).
  const pq = await exportThroughChild(address('parquet'), token);
  const pqGrown = mb(pq.peak.rss - pq.before.rss);
  const pqPerSecond = Math.round(EVENTS / (pq.ms / 1000));
  console.log(
    `parquet ${EVENTS} rows, ${mb(pq.bytes).toFixed(1)} MB in ${(pq.ms / 1000).toFixed(1)} s` +
      ` (${pqPerSecond} rows/s); RSS +${pqGrown.toFixed(1)} MB at its peak (not judged)`,
  );
  results.push({
    format: 'parquet',
    rows: EVENTS,
    ms: pq.ms,
    perSecond: pqPerSecond,
    rssGrowthMb: pqGrown,
  });
  const opened = await parquetRows(address('parquet'), token, path.join(dir, 'export.parquet'));
  if (opened.rows !== EVENTS || opened.distinct !== EVENTS)
    throw new Error(`parquet: ${opened.rows} rows, ${opened.distinct} distinct, of ${EVENTS}`);
  console.log(`parquet opens in DuckDB: ${opened.rows} rows, every event once`);

  const met = worst <= GOAL_RSS_MB;
  console.log(
    SMOKE
      ? `goal: RSS growth ≤ ${GOAL_RSS_MB} MB (not judged on the smoke run)`
      : `goal: RSS growth ≤ ${GOAL_RSS_MB} MB once warm: ${met ? 'met' : 'NOT met'} (worst +${worst.toFixed(1)} MB)`,
  );
  writeResult('data-export', { events: EVENTS, runs: results, resumed: true, goalMet: met });
  await app.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
