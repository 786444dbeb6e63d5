/**
 * Does analytics work starve libuv's thread pool (docs/adr/0018-analytics-threads.md)? A real
 * server on 127.0.0.1 (buildApp, embedded PGlite and DuckDB). Account A holds events with an
 * 8 KB property and keeps `A_LOOPS` worst-case trends running at once (10 series, 20 filters on
 * that property); meanwhile the script times what needs libuv's pool besides DuckDB: B's
 * sign-in (argon2), a file read, a DNS lookup, and B's one-series report and `/readyz`.
 * Not a `.bench.ts`: run it on its own, with the pool size and settings to compare, e.g.
 *   UV_THREADPOOL_SIZE=8 node --import tsx bench/analytics-starvation.ts
 * Env: STARVE_EVENTS (10,000), STARVE_SAMPLES (20), A_LOOPS (3: A's reports at once),
 * STARVE_OUT (a JSON file the runs are appended to).
 */
import type { AddressInfo } from 'node:net';
import { lookup } from 'node:dns/promises';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { loadEnv } from '../server/env';
import { trackEvent } from '../server/analytics/test-events';

const EVENTS = Number(process.env.STARVE_EVENTS ?? 10_000);
const SAMPLES = Number(process.env.STARVE_SAMPLES ?? 20);
const A_LOOPS = Number(process.env.A_LOOPS ?? 3);
/** Accounts running worst-case trends at once (A, then C), each with A_LOOPS reports. */
const HEAVY = Number(process.env.STARVE_ACCOUNTS ?? 1);
const PASSWORD = 'Bench1!pw';

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'signpost-starve-'));
  const env = loadEnv({ NODE_ENV: 'production', DATA_DIR: dir, LOG_LEVEL: 'warn' });
  const database = await openDatabase({ dataDir: dir });
  const loose = { max: 100_000, windowMs: 60_000 };
  const app = await buildApp({
    env,
    database,
    realtime: false,
    limits: { signIn: loose, signUp: loose },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const send = async (method: string, route: string, body?: unknown, token?: string) => {
    const res = await fetch(`${base}${route}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, text };
  };
  const account = async (email: string) => {
    await send('POST', '/v1/auth/sign-up', { name: 'Bench', email, password: PASSWORD });
    const mails = await app.ctx.outbox.latest();
    const link = mails.find((m) => m.to === email)?.links[0] as string;
    const verify = new URL(link).searchParams.get('token');
    await send('POST', '/v1/auth/verify-email', { token: verify, password: PASSWORD });
    const signIn = await send('POST', '/v1/auth/sign-in', { email, password: PASSWORD });
    const token = (JSON.parse(signIn.text) as { data: { token: string } }).data.token;
    const brand = await send(
      'POST',
      '/v1/brands',
      { name: email, domain: 'shop.example.com' },
      token,
    );
    return { email, token, brandId: (JSON.parse(brand.text) as { data: { id: number } }).data.id };
  };
  const a = await account('a@example.com');
  const b = await account('b@example.com');
  const heavy = [a, ...(HEAVY > 1 ? [await account('c@example.com')] : [])];
  await app.ctx.mail.drain();

  // A's events: an 8 KB property on each, over the past week.
  const now = Date.now();
  const blob = 'x'.repeat(8 * 1024);
  for (const who of heavy)
    for (let i = 0; i < EVENTS; i += 500) {
      const rows = Array.from({ length: Math.min(500, EVENTS - i) }, (_, j) =>
        trackEvent(
          who.brandId,
          `a-${i + j}`,
          `Event ${(i + j) % 10}`,
          new Date(now - ((i + j) % 7) * 86_400_000).toISOString(),
          {
            userId: `u${(i + j) % 1000}`,
            properties: { blob, plan: (i + j) % 2 ? 'pro' : 'free' },
          },
        ),
      );
      await app.ctx.analytics.insert(rows);
    }
  await app.ctx.analytics.insert([
    trackEvent(b.brandId, 'b-1', 'Order', new Date(now).toISOString(), { userId: 'b1' }),
  ]);

  const filters = [
    { property: 'blob', type: 'string', operator: 'contain', value: 'y' },
    { property: 'blob', type: 'string', operator: 'not_empty' },
  ];
  const worst = (brandId: number) => ({
    brand_id: brandId,
    type: 'trend',
    series: Array.from({ length: 10 }, (_, i) => ({
      event: `Event ${i}`,
      measure: 'total',
      filters,
    })),
    granularity: 'day',
    date_preset: 'past_7_day',
  });
  const small = {
    brand_id: b.brandId,
    type: 'trend',
    series: [{ event: 'Order', measure: 'total' }],
    granularity: 'day',
    date_preset: 'past_7_day',
  };
  const file = path.join(dir, 'page.bin');
  writeFileSync(file, Buffer.alloc(256 * 1024, 1));

  const timed = async (work: () => Promise<unknown>) => {
    const t = performance.now();
    await work();
    return performance.now() - t;
  };
  const probes: Record<string, () => Promise<unknown>> = {
    sign_in: () => send('POST', '/v1/auth/sign-in', { email: b.email, password: PASSWORD }),
    file_read: () => readFile(file),
    dns: () => lookup('localhost'),
    readyz: () => send('GET', '/readyz'),
    b_report: () => send('POST', '/v1/reports/query', small, b.token),
  };
  const measure = async () => {
    const out: Record<string, number[]> = {};
    for (let i = 0; i < SAMPLES; i++)
      for (const [name, probe] of Object.entries(probes))
        (out[name] ??= []).push(await timed(probe));
    return out;
  };

  const idle = await measure();
  let stop = false;
  const statuses = new Map<number, number>();
  let aDone = 0;
  const loops = heavy.flatMap((who) =>
    Array.from({ length: A_LOOPS }, async () => {
      while (!stop) {
        const res = await send('POST', '/v1/reports/query', worst(who.brandId), who.token);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        aDone++;
        if (res.status === 429) await new Promise((r) => setTimeout(r, 50));
      }
    }),
  );
  await new Promise((r) => setTimeout(r, 1_000));
  const loaded = await measure();
  stop = true;
  await Promise.all(loops);

  const row = (name: string) =>
    `${name.padEnd(10)} idle p50 ${pct(idle[name]!, 50).toFixed(1).padStart(7)} ms  ` +
    `loaded p50 ${pct(loaded[name]!, 50).toFixed(1).padStart(7)} ms  ` +
    `p90 ${pct(loaded[name]!, 90).toFixed(1).padStart(7)} ms  max ${Math.max(...loaded[name]!)
      .toFixed(1)
      .padStart(7)} ms`;
  console.log(
    `UV_THREADPOOL_SIZE=${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'} events=${EVENTS} ` +
      `heavy accounts=${heavy.length} loops each=${A_LOOPS} samples=${SAMPLES} cpus=${os.cpus().length}`,
  );
  for (const name of Object.keys(probes)) console.log(row(name));
  console.log(
    `A's worst-case trends: ${aDone} answered, statuses ${JSON.stringify([...statuses])}`,
  );
  const out = process.env.STARVE_OUT;
  if (out) {
    const prior = (() => {
      try {
        return JSON.parse(readFileSync(out, 'utf8')) as unknown[];
      } catch {
        return [];
      }
    })();
    prior.push({
      uv: process.env.UV_THREADPOOL_SIZE ?? '4',
      heavy: heavy.length,
      idle,
      loaded,
      statuses: [...statuses],
    });
    writeFileSync(out, JSON.stringify(prior));
  }
  await app.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
