/**
 * Durable batch ingestion over HTTP: POST /v1/batch with 50-event batches (PGlite + DuckDB in a
 * temp dir, every request acknowledged only after its events are committed) against a raw Node
 * HTTP server that parses and drops the same payload, both measured in this run on loopback.
 * The load runs in a worker thread. Prints events/s, p99 and the ratio; writes
 * bench/results/ingest.json. Target ≥ 20,000 events/s.
 */
import http from 'node:http';
import { Worker } from 'node:worker_threads';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { writeResult } from './lib/results';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { loadEnv } from '../server/env';

const BATCH = 50;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
// Many senders at once, as a busy site's SDKs and server libraries are; group commit needs them.
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);

/** Runs the load in a worker thread, so the client does not share the server's event loop. */
function loadInWorker(url: string, headers: Record<string, string>) {
  return new Promise<{ events_per_s: number; p99_ms: number }>((resolve, reject) => {
    const worker = new Worker(new URL('./lib/ingest-load.mjs', import.meta.url), {
      workerData: { url, headers, requests: REQUESTS, concurrency: CONCURRENCY, batch: BATCH },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'signpost-bench-ingest-'));
  // One product sends everything: the fair-use limits are checked on every request (their cost
  // is measured) but set high enough never to refuse.
  const env = loadEnv({
    NODE_ENV: 'production',
    DATA_DIR: dir,
    LOG_LEVEL: 'warn',
    INGEST_RATE_PER_KEY: '1000000000',
    INGEST_BURST_PER_KEY: '1000000000',
    INGEST_DAILY_EVENTS_PER_MAU: '1000000',
    INGEST_DAILY_BYTES_PER_MAU: '1000000000',
  });
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
  const session = await app.ctx.authService.signIn(
    {
      email: 'bench@example.com',
      password: 'Bench1!pw',
    },
    { ip: '127.0.0.1', userAgent: 'bench' },
  );
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

  await loadInWorker(rawUrl, {}); // warm-up of the client side
  const baseline = await loadInWorker(rawUrl, {});
  await loadInWorker(`${api}/v1/batch`, key); // warm-up: JIT, DuckDB table
  const measured = await loadInWorker(`${api}/v1/batch`, key);
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
  writeResult('ingest', result);
  raw.close();
  await app.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
