/**
 * Reports through the API against the same SQL run directly on the engine (docs/reports.md,
 * docs/performance.md): the embedded stores (PGlite + DuckDB) holding 5,000,000 events over
 * 100,000 customers and 60 days. For each report (a trend with a filter and a breakdown, a
 * three-step funnel, a weekly retention grid) the bench records the statements the service runs
 * for one API call, then times, interleaved, `POST /v1/reports/query` over HTTP and those
 * statements on DuckDB itself (a read-only connection to the same file, in this process, so the
 * server's own DuckDB thread and scheduler are not in the engine's time). Prints both medians and
 * their ratio; writes bench/results/reports.json. Goal: API ≤ 1.2× the engine for every report.
 * BENCH_EVENTS and BENCH_RUNS shrink it for a quick look; BENCH_SMOKE=1 is CI's smoke run (20,000
 * events, 2 runs: it checks that every step runs to its end, and reports the ratio without
 * failing on it).
 */
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { writeResult } from './lib/results';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { loadEnv } from '../server/env';
import { DUCKDB_FILE_NAME, openDuckDBStore } from '../server/analytics';
import { compileQuery } from '../server/analytics/sql/build-query';
import { duckdbDialect } from '../server/analytics/sql/duckdb';
import type { QueryShape } from '../server/analytics/types';

const SMOKE = process.env.BENCH_SMOKE === '1';
const EVENTS = Number(process.env.BENCH_EVENTS ?? (SMOKE ? 20_000 : 5_000_000));
const RUNS = Number(process.env.BENCH_RUNS ?? (SMOKE ? 2 : 9));
const CUSTOMERS = 100_000;
const GOAL_RATIO = 1.2;

/** 5,000,000 events over 100,000 customers and 60 days, written by DuckDB itself (fast). */
async function seedEvents(dir: string, brandId: number) {
  const file = path.join(dir, DUCKDB_FILE_NAME);
  await (await openDuckDBStore(file)).close(); // creates the table and its indexes
  const db = await DuckDBInstance.create(file);
  const c = await db.connect();
  await c.run(`INSERT INTO events
    SELECT ${brandId}, 'seed-' || i, 'track',
      CASE WHEN i % 10 = 0 THEN 'Signed Up' WHEN i % 10 = 1 THEN 'Order Placed' ELSE 'Event ' || (i % 40) END,
      'c' || (hash(i) % ${CUSTOMERS}), NULL, 'c' || (hash(i) % ${CUSTOMERS}),
      now()::TIMESTAMP - INTERVAL (i % 5184000) SECOND, now()::TIMESTAMP,
      '{"total":' || (i % 100) || ',"plan":"' || (['free','starter','growth','scale','pro','team','edu','trial','gold','ent','vip','x'][1 + i % 12]) || '"}',
      '{}', NULL, NULL, NULL, NULL, NULL, NULL, NULL
    FROM range(${EVENTS}) t(i)`);
  c.closeSync();
  db.closeSync();
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'signpost-bench-reports-'));
  const env = loadEnv({ NODE_ENV: 'production', DATA_DIR: dir, LOG_LEVEL: 'warn' });
  const database = await openDatabase({ dataDir: dir });
  let app = await buildApp({ env, database, realtime: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // A verified account and its product, made through the API itself.
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/v1`;
  const post = (route: string, body: unknown, token?: string) =>
    fetch(`${base}${route}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  const email = 'bench@example.com';
  await post('/auth/sign-up', { name: 'Bench', email, password: 'Bench1!pw' });
  const link = (await app.ctx.outbox.latest())[0]?.links[0] as string;
  const verifyToken = new URL(link).searchParams.get('token');
  await post('/auth/verify-email', { token: verifyToken, password: 'Bench1!pw' });
  const signIn = await post('/auth/sign-in', { email, password: 'Bench1!pw' });
  const token = ((await signIn.json()) as { data: { token: string } }).data.token;
  const created = await post(
    '/brands',
    { name: 'Bench', domain: 'shop.example.com', time_zone: 'Europe/Paris' },
    token,
  );
  const brand = ((await created.json()) as { data: { id: number } }).data;
  await app.close();

  let t = Date.now();
  await seedEvents(dir, brand.id);
  console.log(`seeded ${EVENTS} events in ${((Date.now() - t) / 1000).toFixed(1)} s`);

  app = await buildApp({ env, database, realtime: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/v1/reports/query`;
  // The server reads through its DuckDB thread; the reports service calls this store's `query`
  // (behind the scheduler), so wrapping it records the shapes one API call runs.
  const store = app.ctx.analytics;
  // The engine alone: the same file, read-only, on a connection of this thread.
  const engineDb = await DuckDBInstance.create(path.join(dir, DUCKDB_FILE_NAME), {
    access_mode: 'READ_ONLY',
  });
  const engineConnection = await engineDb.connect();

  const reports: Record<string, Record<string, unknown>> = {
    trend: {
      type: 'trend',
      series: [
        {
          event: 'Order Placed',
          measure: 'sum',
          property: 'total',
          filters: [{ property: 'total', type: 'number', operator: '>=', value: 10 }],
        },
      ],
      breakdown: { property: 'plan' },
      granularity: 'day',
      date_preset: 'past_30_day',
    },
    funnel: {
      type: 'funnel',
      steps: [{ event: 'Signed Up' }, { event: 'Event 2' }, { event: 'Order Placed' }],
      window: { value: 7, unit: 'day' },
      date_preset: 'past_30_day',
    },
    retention: {
      type: 'retention',
      start_event: 'Signed Up',
      return_event: 'Order Placed',
      period: 'week',
      intervals: 8,
      date_preset: 'past_30_day',
    },
  };

  const api = async (body: Record<string, unknown>) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ brand_id: brand.id, ...body }),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`API answered ${res.status}`);
  };

  const results: Record<string, { api_ms: number; engine_ms: number; ratio: number }> = {};
  for (const [name, body] of Object.entries(reports)) {
    // The statements one API call runs, in order, compiled as the store compiles them.
    const shapes: QueryShape[] = [];
    const query = store.query.bind(store);
    store.query = (async (shape: QueryShape, opts?: Parameters<typeof query>[1]) => {
      shapes.push(shape);
      return query(shape, opts);
    }) as typeof store.query;
    await api(body);
    store.query = query;
    if (shapes.length === 0) throw new Error(`${name}: the API call ran no analytics statement`);
    const compiled = shapes.map((s) => compileQuery(s, duckdbDialect));
    // What the store does per statement: run it and read its rows as objects.
    const engine = async () => {
      for (const c of compiled)
        (await engineConnection.runAndReadAll(c.sql, c.params as never)).getRowObjects();
    };
    await api(body); // warm both
    await engine();
    const apiMs: number[] = [];
    const engineMs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      t = performance.now();
      await api(body);
      apiMs.push(performance.now() - t);
      t = performance.now();
      await engine();
      engineMs.push(performance.now() - t);
    }
    const a = median(apiMs);
    const e = median(engineMs);
    results[name] = { api_ms: a, engine_ms: e, ratio: a / e };
    console.log(
      `${name.padEnd(10)} API ${a.toFixed(1).padStart(7)} ms   engine ${e.toFixed(1).padStart(7)} ms` +
        `   ratio ${(a / e).toFixed(3)}× (${compiled.length} statement${compiled.length === 1 ? '' : 's'})`,
    );
  }
  const met = Object.values(results).every((r) => r.ratio <= GOAL_RATIO);
  console.log(`goal: API ≤ ${GOAL_RATIO}× the engine for every report: ${met ? 'met' : 'NOT met'}`);
  writeResult('reports', {
    bench: 'reports',
    smoke: SMOKE,
    events: EVENTS,
    runs: RUNS,
    results,
    goal_met: met,
  });
  engineConnection.closeSync();
  engineDb.closeSync();
  await app.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
  // A smoke run shows that every step runs; its tiny sizes say nothing about the ratio.
  if (!met && !SMOKE) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
