/**
 * Durable batch ingestion over HTTP: POST /v1/batch with 50-event batches (PGlite + DuckDB in a
 * temp dir, every request acknowledged only after its events are committed) against a raw Node
 * HTTP server that parses and drops the same payload, both measured in this run on loopback.
 * Prints events/s, p99 and the ratio; writes bench/results/ingest.json. Target ≥ 20,000 events/s.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { loadEnv } from '../server/env';

const BATCH = 50;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);

function payload(): string {
  const now = new Date().toISOString();
  const customer = randomUUID();
  return JSON.stringify({
    sentAt: now,
    batch: Array.from({ length: BATCH }, (_, i) => ({
      type: 'track',
      event: i % 5 === 0 ? 'Order Completed' : 'Product Viewed',
      messageId: randomUUID(),
      anonymousId: customer,
      timestamp: now,
      properties: { sku: `SKU-${i}`, price: 10 + i, currency: 'USD' },
      context: {
        page: { url: 'https://shop.example.com/products/1', path: '/products/1' },
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36',
        locale: 'en-US',
      },
    })),
  });
}

async function load(url: string, headers: Record<string, string>) {
  const bodies = Array.from({ length: REQUESTS }, payload);
  let next = 0;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        const body = bodies[next++]!;
        const t0 = performance.now();
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body,
        });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    events_per_s: (REQUESTS * BATCH) / seconds,
    p99_ms: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
  };
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'signpost-bench-ingest-'));
  const env = loadEnv({ NODE_ENV: 'production', DATA_DIR: dir, LOG_LEVEL: 'warn' });
  const database = await openDatabase({ dataDir: dir });
  const app = await buildApp({ env, database, realtime: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const api = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  await app.ctx.authService.signUp({
    name: 'Bench',
    email: 'bench@example.com',
    password: 'Bench1!pw',
  });
  const user = await app.ctx.users.findByEmail('bench@example.com');
  await app.ctx.users.update(user!.id, { emailVerifiedAt: new Date() });
  const session = await app.ctx.authService.signIn({
    email: 'bench@example.com',
    password: 'Bench1!pw',
  });
  const brand = (await (
    await fetch(`${api}/v1/brands`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench', domain: 'bench.example.com' }),
    })
  ).json()) as { data: { write_key: string } };
  const key = { authorization: `Bearer ${brand.data.write_key}` };

  // The ceiling: a raw Node server that reads and parses the same bodies, then drops them.
  const raw = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const parsed = JSON.parse(Buffer.concat(chunks).toString()) as { batch: unknown[] };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ accepted: parsed.batch.length, rejected: [] }));
    });
  });
  await new Promise<void>((r) => raw.listen(0, '127.0.0.1', r));
  const rawUrl = `http://127.0.0.1:${(raw.address() as AddressInfo).port}/`;

  await load(rawUrl, {}); // warm-up of the client side
  const baseline = await load(rawUrl, {});
  await load(`${api}/v1/batch`, key); // warm-up: JIT, DuckDB table, profile upserts
  const measured = await load(`${api}/v1/batch`, key);
  const result = {
    bench: 'ingest',
    batch_size: BATCH,
    requests: REQUESTS,
    concurrency: CONCURRENCY,
    target_events_per_s: 20_000,
    baseline_raw_node: baseline,
    durable_ingest_duckdb: measured,
    ratio: measured.events_per_s / baseline.events_per_s,
  };
  console.log(
    `raw node parse+drop   ${baseline.events_per_s.toFixed(0)} events/s (p99 ${baseline.p99_ms.toFixed(1)} ms)`,
  );
  console.log(
    `durable POST /v1/batch ${measured.events_per_s.toFixed(0)} events/s (p99 ${measured.p99_ms.toFixed(1)} ms)`,
  );
  console.log(
    `ratio ${result.ratio.toFixed(3)}× the raw Node ceiling; target ≥ 20,000 events/s: ${measured.events_per_s >= 20_000 ? 'met' : 'NOT met'}`,
  );
  const outDir = path.join(path.dirname(new URL(import.meta.url).pathname), 'results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'ingest.json'), JSON.stringify(result, null, 2));
  raw.close();
  await app.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
