import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openAnalyticsStore } from '@/server/analytics';

/**
 * The acknowledgement promise: a server killed with SIGKILL in the middle of a load loses no
 * acknowledged event, and after restart each is stored exactly once (retries included).
 */
const ROOT = path.resolve(__dirname, '../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'signpost-kill-'));
const children: ChildProcess[] = [];
afterAll(() => {
  children.forEach((c) => c.kill('SIGKILL'));
  rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function start() {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ROLE: 'api',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      CLICKHOUSE_URL: '',
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`server not ready:\n${output}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, exited, base };
}

const post = (base: string, url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

async function account(base: string) {
  const email = `kill-${Date.now()}@example.com`;
  const password = 'Durable1!';
  await post(base, '/v1/auth/sign-up', { name: 'K', email, password });
  let link: string | undefined;
  for (let i = 0; i < 50 && !link; i++) {
    const box = (await (await fetch(`${base}/v1/dev/outbox`)).json()) as {
      data: { to: string; links: string[] }[];
    };
    link = box.data.find((m) => m.to === email)?.links[0];
    if (!link) await new Promise((r) => setTimeout(r, 100));
  }
  await post(base, '/v1/auth/verify-email', {
    token: new URL(link as string).searchParams.get('token'),
  });
  const session = (
    (await (await post(base, '/v1/auth/sign-in', { email, password })).json()) as {
      data: { token: string };
    }
  ).data.token;
  const brand = (await (
    await post(
      base,
      '/v1/brands',
      { name: 'Durable', domain: 'durable.example.com' },
      { authorization: `Bearer ${session}` },
    )
  ).json()) as { data: { id: number; write_key: string } };
  return { brandId: brand.data.id, writeKey: brand.data.write_key };
}

interface Batch {
  customer: string;
  ids: string[];
  body: unknown;
}
const makeBatch = (): Batch => {
  const customer = randomUUID();
  const ids = Array.from({ length: 50 }, () => randomUUID());
  return {
    customer,
    ids,
    body: {
      batch: ids.map((messageId) => ({
        type: 'track',
        event: 'Load',
        anonymousId: customer,
        messageId,
      })),
    },
  };
};

describe('durability', () => {
  it('keeps every acknowledged event exactly once across SIGKILL and client retries', async () => {
    const first = await start();
    const { brandId, writeKey } = await account(first.base);
    const auth = { authorization: `Bearer ${writeKey}` };

    const acked: Batch[] = [];
    const sent: Batch[] = [];
    let killed = false;
    const worker = async () => {
      while (!killed) {
        const b = makeBatch();
        sent.push(b);
        try {
          const res = await post(first.base, '/v1/batch', b.body, auth);
          if (res.status === 200) acked.push(b);
        } catch {
          return; // connection cut by the kill
        }
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    while (acked.length < 40) await new Promise((r) => setTimeout(r, 10));
    killed = true;
    first.child.kill('SIGKILL');
    await Promise.all(workers);
    await first.exited;
    expect(acked.length).toBeGreaterThanOrEqual(40);

    // Every acknowledged batch is there, whole, after the crash (DuckDB replays its WAL).
    const check = async (batches: Batch[]) => {
      const store = await openAnalyticsStore({ dataDir });
      try {
        for (const b of batches) {
          const rows = await store.query({
            kind: 'timeline',
            brandId,
            customerKeys: [b.customer],
            limit: 100,
          });
          expect(rows.map((r) => r.messageId).sort()).toEqual([...b.ids].sort());
        }
      } finally {
        await store.close();
      }
    };
    await check(acked);

    // Clients retry everything they sent (acknowledged or not), as the SDK does: stored once.
    const second = await start();
    for (const b of sent)
      expect((await post(second.base, '/v1/batch', b.body, auth)).status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    await check(sent);
  });
});
