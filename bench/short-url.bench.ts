/**
 * The short-link redirect under load (docs/short-urls.md, "Performance"): embedded stores (PGlite
 * + DuckDB) holding 1,000 short links of one product; a fixed 1,000 requests/s for 30 s of
 * `GET /s/{slug}` on random links with a browser user agent (every request a human click, queued
 * and written to the event store about ten times a second), and in the same run, at the same rate,
 * `GET /healthz`, in alternating phases of 6 s (bench/lib/paired-load.ts). Prints p50/p99 of both and the p99 ratio; writes bench/results/short-url.json.
 * Goal: p99 ≤ 2× /healthz's, zero errors. The per-address limit stays on, raised above the load
 * (every request comes from one address). BENCH_RATE and BENCH_SECONDS shrink it for a quick look;
 * ANALYTICS_THREAD_POLICY=normal runs DuckDB's thread as any other thread (to compare).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { shortUrls } from '../server/db/schema';
import { loadEnv } from '../server/env';
import { DuckDBThreadStore } from '../server/analytics';
import { LINK_CLICKED_EVENT } from '../server/analytics/link-click-shape';
import { pairedLoad } from './lib/paired-load';
import { loadLine, ratioLine, writeResult } from './lib/results';

const LINKS = 1_000;
const RATE = Number(process.env.BENCH_RATE ?? 1_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const GOAL_RATIO = 2;

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'signpost-bench-links-'));
  const env = loadEnv({
    NODE_ENV: 'production',
    DATA_DIR: dir,
    LOG_LEVEL: 'warn',
    SHORT_URL_RATE_PER_IP: String(RATE * 600),
    ANALYTICS_THREAD_POLICY: process.env.ANALYTICS_THREAD_POLICY,
  });
  const database = await openDatabase({ dataDir: dir });
  const app = await buildApp({ env, database, realtime: false });
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
  const slugs = Array.from({ length: LINKS }, (_, i) => `bench-${i}`);
  // Straight into the table: the plan limit of the API is not what this measures.
  await database.db.insert(shortUrls).values(
    slugs.map((slug, i) => ({
      brandId: brand.id,
      slug,
      url: `https://shop.example.com/p${i}?ref=mail`,
      utm: { source: 'newsletter', medium: 'email', campaign: 'bench' },
    })),
  );
  // BENCH_NO_CLICKS=1: the lookup and redirect alone, to tell them from the click recording.
  if (process.env.BENCH_NO_CLICKS) app.ctx.shortUrlClicks.push = () => undefined;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const api = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const { baseline: health, target: redirect } = await pairedLoad({
    baseline: { url: `${api}/healthz`, kind: 'get' },
    target: { url: `${api}/s`, kind: 'short-url', slugs, okStatus: 302 },
    rate: RATE,
    seconds: SECONDS,
  });
  loop.disable();
  await app.ctx.shortUrlClicks.flush();
  await app.ctx.batcher.drain();
  const stored = await app.ctx.analytics.query({
    kind: 'countsByEvent',
    brandId: brand.id,
    from: new Date(0),
    to: new Date(Date.now() + 60_000),
    events: [LINK_CLICKED_EVENT],
  });
  const clicks = stored[0]?.count ?? 0;
  const ratio = redirect.p99_ms / Math.max(health.p99_ms, 0.001);
  const met = ratio <= GOAL_RATIO && redirect.errors === 0;
  console.log(loadLine('GET /healthz', health));
  console.log(loadLine('GET /s/{slug}', redirect));
  console.log(
    `server event-loop delay over the measured phases: p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms`,
  );
  console.log(`link_clicked events stored: ${clicks} (warm-ups included)`);
  // The policy the thread got, not only the one asked for (chrt may be missing or refused).
  const thread = app.ctx.analytics;
  const batch = thread instanceof DuckDBThreadStore && thread.backgroundThread !== null;
  console.log(
    `DuckDB's thread: ${batch ? 'batch' : 'normal'} scheduling policy (asked: ${env.ANALYTICS_THREAD_POLICY})`,
  );
  console.log(ratioLine({ ratio, rate: RATE, seconds: SECONDS, goal: GOAL_RATIO, met }));
  writeResult('short-url', {
    bench: 'short-url',
    links: LINKS,
    rate: RATE,
    seconds: SECONDS,
    healthz: health,
    redirect,
    recording: !process.env.BENCH_NO_CLICKS,
    clicks_stored: clicks,
    analytics_thread_policy: batch ? 'batch' : 'normal',
    p99_ratio: ratio,
    goal_met: met,
  });
  await app.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
