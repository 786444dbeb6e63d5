import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openAnalyticsStore } from '@/server/analytics';
import { bearer, killServers, postJson, signUpVerifiedOver, startServer } from './server-process';

/**
 * The acknowledgement promise: a server killed with SIGKILL in the middle of a load loses no
 * acknowledged event, and after restart each is stored exactly once (retries included).
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'signpost-kill-'));
afterAll(() => {
  killServers();
  rmSync(dataDir, { recursive: true, force: true });
});

const start = () => startServer({ CLICKHOUSE_URL: '', DATA_DIR: dataDir });

async function account(base: string) {
  const session = await signUpVerifiedOver(base, `kill-${Date.now()}@example.com`, 'Durable1!');
  const brand = (await (
    await postJson(
      base,
      '/v1/brands',
      { name: 'Durable', domain: 'durable.example.com' },
      bearer(session),
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
    const auth = bearer(writeKey);

    const acked: Batch[] = [];
    const sent: Batch[] = [];
    let killed = false;
    const worker = async () => {
      while (!killed) {
        const b = makeBatch();
        sent.push(b);
        try {
          const res = await postJson(first.base, '/v1/batch', b.body, auth);
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
            userId: b.customer,
            anonymousIds: [b.customer],
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
      expect((await postJson(second.base, '/v1/batch', b.body, auth)).status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    await check(sent);
  });
});
