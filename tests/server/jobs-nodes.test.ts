import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/server/db/client';
import { createJobs } from '@/server/jobs';
import { freshDatabaseUrl, setupTestApps, TEST_DATABASE_URL, TEST_REDIS_URL } from './helpers';

/**
 * Jobs across nodes (docs/jobs.md, "Nodes"): two worker processes on one PostgreSQL database; the
 * one holding a delivery mid-flight is killed with SIGKILL, and the other delivers it once after
 * the lease, while the nodes' Redis database is flushed (Redis holds no job). Skipped without
 * TEST_DATABASE_URL: PGlite belongs to one process.
 */

const ROOT = path.resolve(__dirname, '../..');
const LEASE_MS = 2_000;
const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

/** A worker process; resolves once it claims jobs, with its node name. */
function startNode(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/server/jobs-node.ts'], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ROLE: 'worker', REDIS_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const node = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      output += d;
      const m = /^ready (\S+)$/m.exec(output);
      if (m) resolve(m[1]!);
    });
    child.stderr!.on('data', (d) => (output += d));
    void exited.then(() => reject(new Error(`node exited:\n${output}`)));
  });
  return { child, node, exited };
}

/** Waits until `check` holds (a row another process writes), failing after `ms`. */
async function until(check: () => Promise<boolean>, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('ROLE=worker', () => {
  const newApp = setupTestApps();
  it('serves health but no API', async () => {
    const worker = await newApp({ env: { ROLE: 'worker' } });
    expect((await worker.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await worker.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const api = await worker.app.inject({ method: 'GET', url: '/v1/plans/available-plan' });
    expect(api.statusCode).toBe(404);
  });
});

describe.skipIf(!TEST_DATABASE_URL)('jobs across worker processes', () => {
  it('kill -9 of the node holding a delivery mid-flight: the other delivers it once after the lease; a Redis flush loses nothing', async () => {
    const target = await freshDatabaseUrl();
    const database = await openDatabase({ url: target.url, dataDir: target.dataDir });
    // The nodes' Redis: a database index of its own, flushed in the middle of the test (a
    // FLUSHALL of the shared server would also wipe other suites' data).
    const redisUrl = TEST_REDIS_URL ? `${TEST_REDIS_URL.replace(/\/\d*$/, '')}/11` : undefined;
    const redis = redisUrl ? new Redis(redisUrl) : undefined;

    // The receiver holds the first delivery open (the node dies with it in flight) and answers
    // the next ones.
    const received: { node: string; attempt: number; answered: boolean }[] = [];
    let firstArrived!: () => void;
    const first = new Promise<void>((r) => (firstArrived = r));
    const held: ServerResponse[] = [];
    const receiver = createServer((req: IncomingMessage, res: ServerResponse) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        const delivery = {
          node: String(req.headers['x-node']),
          attempt: (JSON.parse(body) as { attempt: number }).attempt,
          answered: received.length > 0,
        };
        received.push(delivery);
        if (!delivery.answered) {
          held.push(res);
          return firstArrived();
        }
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

    const env = {
      DATABASE_URL: target.url!,
      JOB_LEASE_MS: String(LEASE_MS),
      JOB_POLL_MS: '100',
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    };
    for (const dir of ['one', 'two']) mkdirSync(`${target.dataDir}/${dir}`, { recursive: true });
    try {
      const one = startNode({ ...env, DATA_DIR: `${target.dataDir}/one` });
      const oneNode = await one.node;
      const jobs = createJobs({
        env: { JOB_LEASE_MS: LEASE_MS, JOB_CONCURRENCY: 1, JOB_PER_OWNER: 2, JOB_POLL_MS: 100 },
        database,
        log: { warn: () => undefined, error: () => undefined },
      });
      const id = await jobs.enqueue('test.deliver', { url }, { ownerId: 'acct', maxAttempts: 5 });
      await first;
      expect(received).toEqual([{ node: oneNode, attempt: 1, answered: false }]);

      const two = startNode({ ...env, DATA_DIR: `${target.dataDir}/two` });
      const twoNode = await two.node;
      await redis?.flushdb();
      one.child.kill('SIGKILL');
      await one.exited;

      const row = async () => {
        const result = await database.db.execute(
          sql`SELECT status, attempts, locked_by, last_error FROM jobs WHERE id = ${id}`,
        );
        return (result as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
      };
      await until(async () => (await row()).status === 'done', 'the delivery to be done');
      // Delivered once more, by the other node, on its second attempt, after the lease.
      expect(received).toEqual([
        { node: oneNode, attempt: 1, answered: false },
        { node: twoNode, attempt: 2, answered: true },
      ]);
      expect(await row()).toMatchObject({ status: 'done', attempts: 2, locked_by: null });
      two.child.kill('SIGTERM');
      await two.exited;
      expect(received).toHaveLength(2);
    } finally {
      for (const res of held) res.destroy();
      receiver.close();
      redis?.disconnect();
      await database.close();
      await target.drop();
    }
  });
});
