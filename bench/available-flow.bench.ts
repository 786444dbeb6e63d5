/**
 * The flow runtime's decision under load (docs/adr/0012-flow-runtime-cost.md): embedded stores
 * (PGlite + DuckDB) holding 100 published tours (URL, customer and event conditions mixed),
 * 100,000 customer profiles and 5,000,000 events; a fixed 500 requests/s for 30 s of
 * `POST /v1/flows/available-flow` for random visitors and URLs, and in the same run, at the same
 * rate, `GET /healthz`, in alternating phases of 6 s (bench/lib/paired-load.ts). Prints p50/p99 of both and the p99 ratio; writes
 * bench/results/available-flow.json. Goal: p99 ≤ 4× /healthz's, zero errors.
 * BENCH_EVENTS, BENCH_RATE and BENCH_SECONDS shrink it for a quick look; BENCH_DATABASE_URL
 * runs the OLTP side on a fresh database of that PostgreSQL server instead of PGlite;
 * ANALYTICS_THREAD_POLICY=normal runs DuckDB's thread as any other thread (to compare).
 */
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { DuckDBInstance } from '@duckdb/node-api';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { flows } from '../server/db/schema';
import { loadEnv } from '../server/env';
import { DUCKDB_FILE_NAME, openDuckDBStore } from '../server/analytics';
import type { FlowDefinition } from '../server/db/schema';
import { pairedLoad } from './lib/paired-load';
import { loadLine, ratioLine, writeResult } from './lib/results';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 5_000_000);
const CUSTOMERS = 100_000;
const FLOWS = 100;
/** URLs /p0 … /p149: two in three have a tour whose URL condition matches. */
const PAGES = 150;
const RATE = Number(process.env.BENCH_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const GOAL_RATIO = 4;

/** 5,000,000 events over 100,000 customers and 60 days, written by DuckDB itself (fast). */
async function seedEvents(dir: string, brandId: number) {
  const file = path.join(dir, DUCKDB_FILE_NAME);
  (await openDuckDBStore(file)).close(); // creates the table and its indexes
  const db = await DuckDBInstance.create(file);
  const c = await db.connect();
  await c.run(`INSERT INTO events
    SELECT ${brandId}, 'seed-' || i, 'track',
      CASE WHEN i % 10 = 0 THEN 'Order Placed' ELSE 'Event ' || (i % 40) END,
      NULL, 'c' || (hash(i) % ${CUSTOMERS}), 'c' || (hash(i) % ${CUSTOMERS}),
      now()::TIMESTAMP - INTERVAL (i % 5184000) SECOND, now()::TIMESTAMP,
      '{"total":' || (i % 100) || '}', '{}', NULL, NULL, NULL, NULL, NULL, NULL, NULL
    FROM range(${EVENTS}) t(i)`);
  c.closeSync();
  db.closeSync();
}

function definition(i: number): FlowDefinition {
  const url = {
    trigger_type: 'url' as const,
    conditions: [{ type: 'includes' as const, condition_type: 'exact' as const, value: `/p${i}` }],
  };
  const triggers: FlowDefinition['condition']['trigger_conditions'] = [url];
  if (i % 3 === 1)
    triggers.push({
      trigger_type: 'customer_condition',
      conditions: [{ customer_key: 'plan', condition_type: 'exact', value: 'pro' }],
    });
  if (i % 3 === 2)
    triggers.push({
      trigger_type: 'event',
      conditions: [
        {
          event_id: 1,
          event_code: 'Order Placed',
          frequency: { condition_type: 'at_least', value: 2 },
          timeframe: { condition_type: 'in_the_last', value: 30, unit: 'days' },
          attribute_conditions: [{ attribute_key: 'total', condition_type: '>', value: 50 }],
          attribute_condition_operator: 'AND',
        },
      ],
    });
  return {
    condition: { trigger_conditions: triggers, trigger_operator: 'AND' },
    attribute_conditions: [],
    display_type: 'every_time',
    display_times: null,
    priority: i % 5,
    steps: [
      { id: 's1', type: 'modal', content: `<p>Tour ${i}</p>`, buttons: [], element_actions: [] },
    ],
  };
}

/** A fresh database on BENCH_DATABASE_URL's server, or none (PGlite in the data directory). */
async function freshPostgres(): Promise<{ url?: string; drop: () => Promise<void> }> {
  const server = process.env.BENCH_DATABASE_URL;
  if (!server) return { drop: async () => undefined };
  const name = `signpost_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: server });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'signpost-bench-flows-'));
  const postgres = await freshPostgres();
  const env = loadEnv({
    NODE_ENV: 'production',
    DATA_DIR: dir,
    LOG_LEVEL: 'warn',
    ANALYTICS_THREAD_POLICY: process.env.ANALYTICS_THREAD_POLICY,
  });
  const database = await openDatabase({ url: postgres.url, dataDir: dir });
  // The brand is created first (its id goes into the events), then the app is built on the data.
  let app = await buildApp({ env, database, realtime: false });
  await app.ctx.authService.signUp({
    name: 'Bench',
    email: 'b@example.com',
    password: 'Bench1!pw',
  });
  const user = (await app.ctx.users.findByEmail('b@example.com'))!;
  const brand = await app.ctx.brandsService.create(user.id, {
    name: 'Bench',
    domain: 'shop.example.com',
  });
  await app.close();

  let t = Date.now();
  await seedEvents(dir, brand.id);
  console.log(`seeded ${EVENTS} events in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  t = Date.now();
  await database.db.execute(sql`INSERT INTO customer_profiles
      (brand_id, customer_key, data_attributes, first_seen, last_seen)
    SELECT ${brand.id}, 'c' || i,
      jsonb_build_object('plan', CASE WHEN i % 2 = 0 THEN 'pro' ELSE 'free' END), now(), now()
    FROM generate_series(0, ${CUSTOMERS - 1}) AS i`);
  await database.db.insert(flows).values(
    Array.from({ length: FLOWS }, (_, i) => ({
      brandId: brand.id,
      name: `Tour ${i}`,
      published: true,
      publishedAt: new Date(Date.now() - i * 1000),
      definition: definition(i),
      layout: { positions: {} },
    })),
  );
  console.log(`seeded ${CUSTOMERS} profiles and ${FLOWS} tours in ${Date.now() - t} ms`);

  app = await buildApp({ env, database, realtime: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const api = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const flowUrl = `${api}/v1/flows/available-flow`;

  const { baseline: health, target: flow } = await pairedLoad({
    baseline: { url: `${api}/healthz`, kind: 'get' },
    target: {
      url: flowUrl,
      kind: 'available-flow',
      writeKey: brand.write_key,
      customers: CUSTOMERS,
      pages: PAGES,
    },
    rate: RATE,
    seconds: SECONDS,
  });
  const ratio = flow.p99_ms / Math.max(health.p99_ms, 0.001);
  const met = ratio <= GOAL_RATIO && flow.errors === 0;
  console.log(loadLine('GET /healthz', health, 34));
  console.log(loadLine('POST /v1/flows/available-flow', flow, 34));
  console.log(`OLTP store: ${postgres.url ? 'PostgreSQL' : 'PGlite (embedded)'}`);
  console.log(ratioLine({ ratio, rate: RATE, seconds: SECONDS, goal: GOAL_RATIO, met }));
  writeResult('available-flow', {
    bench: 'available-flow',
    events: EVENTS,
    customers: CUSTOMERS,
    flows: FLOWS,
    rate: RATE,
    seconds: SECONDS,
    healthz: health,
    available_flow: flow,
    p99_ratio: ratio,
    goal_met: met,
  });
  await app.close();
  await database.close();
  await postgres.drop();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
