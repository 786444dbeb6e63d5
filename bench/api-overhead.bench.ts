/**
 * Authenticated API round trip (GET /v1/users/me: token hash, session cache, on PGlite) against a
 * raw Node HTTP server answering the same JSON, both measured in this run on loopback.
 * Prints the ratio and writes bench/results/api-overhead.json. Bounded: N requests per target.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { writeResult } from './lib/results';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { loadEnv } from '../server/env';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const CONCURRENCY = 16;
/** Sessions are remembered (server/modules/auth/session-cache.ts): the API keeps half of raw Node. */
const TARGET_RATIO = 0.5;

async function load(url: string, headers: Record<string, string>) {
  let next = 0;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next++;
        const t0 = performance.now();
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: REQUESTS / seconds, p99_ms: latencies[Math.floor(latencies.length * 0.99)] ?? 0 };
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'signpost-bench-'));
  const env = loadEnv({ NODE_ENV: 'production', DATA_DIR: dir });
  const database = await openDatabase({ dataDir: dir });
  const app = await buildApp({ env, database, realtime: false });
  const user = {
    id: 'u',
    email: 'bench@example.com',
    name: 'Bench',
    avatar: null,
    stripe_customer_id: null,
  };
  await app.listen({ port: 0, host: '127.0.0.1' });
  const apiPort = (app.server.address() as AddressInfo).port;
  const api = `http://127.0.0.1:${apiPort}`;
  // A verified account made through the API itself.
  const body = JSON.stringify({ name: 'Bench', email: user.email, password: 'Bench1!pw' });
  await fetch(`${api}/v1/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  const link = (await app.ctx.outbox.latest())[0]?.links[0] as string;
  await fetch(`${api}/v1/auth/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: new URL(link).searchParams.get('token'), password: 'Bench1!pw' }),
  });
  const signIn = await fetch(`${api}/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: 'Bench1!pw' }),
  });
  const token = ((await signIn.json()) as { data: { token: string } }).data.token;

  const raw = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ data: user }));
  });
  await new Promise<void>((r) => raw.listen(0, '127.0.0.1', r));
  const rawUrl = `http://127.0.0.1:${(raw.address() as AddressInfo).port}/`;

  const meUrl = `${api}/v1/users/me`;
  const headers = { authorization: `Bearer ${token}` };
  // Warm-up of both (JIT, connection pools); the session is then remembered, as in real use.
  await load(rawUrl, {});
  await load(meUrl, headers);
  const baseline = await load(rawUrl, {});
  const measured = await load(meUrl, headers);
  const result = {
    bench: 'api-overhead',
    requests: REQUESTS,
    concurrency: CONCURRENCY,
    baseline_raw_node: baseline,
    users_me_pglite: measured,
    ratio_rps: measured.rps / baseline.rps,
    target_ratio: TARGET_RATIO,
  };
  console.log(`raw node ${baseline.rps.toFixed(0)} req/s (p99 ${baseline.p99_ms.toFixed(1)} ms)`);
  console.log(
    `GET /v1/users/me ${measured.rps.toFixed(0)} req/s (p99 ${measured.p99_ms.toFixed(1)} ms)`,
  );
  console.log(
    `ratio ${result.ratio_rps.toFixed(3)}× the raw Node ceiling (target ≥ ${TARGET_RATIO}×: ${
      result.ratio_rps >= TARGET_RATIO ? 'met' : 'NOT met'
    })`,
  );
  writeResult('api-overhead', result);
  raw.close();
  await app.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
