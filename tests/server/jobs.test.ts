import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/server/db/client';
import { createJobQueue, type JobQueueOptions } from '@/server/jobs/job-queue';
import { createJobsRepository } from '@/server/jobs/jobs.repository';
import { PermanentJobError, type JobQueue } from '@/server/jobs';
import { freshDatabaseUrl } from './test-database';

/**
 * The durable job queue (docs/jobs.md) on the engine under test (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): runs, dedupe, retries, leases that run out, fencing, fairness, close.
 */

let target: Awaited<ReturnType<typeof freshDatabaseUrl>>;
let database: Database;
const queues: JobQueue[] = [];
beforeAll(async () => {
  target = await freshDatabaseUrl();
  database = await openDatabase({ url: target.url, dataDir: target.dataDir });
});
afterAll(async () => {
  for (const q of queues) await q.close();
  await database.close();
  await target.drop();
});

const silent = { warn: () => undefined, error: () => undefined };
const queue = (o: Partial<JobQueueOptions> = {}) => {
  const q = createJobQueue({
    repo: createJobsRepository(database.db),
    log: silent,
    concurrency: 4,
    perOwner: 2,
    leaseMs: 30_000,
    pollMs: 50,
    exclusive: false,
    ...o,
  });
  queues.push(q);
  return q;
};
interface Row {
  status: string;
  attempts: number;
  last_error: string | null;
  locked_by: string | null;
}
const row = async (id: number | undefined): Promise<Row> => {
  const result = await database.db.execute(
    sql`SELECT status, attempts, last_error, locked_by FROM jobs WHERE id = ${id}`,
  );
  return (result as unknown as { rows: Row[] }).rows[0]!;
};
/** A promise and its resolve, to hold a handler until the test lets it go. */
const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
};

describe('job queue', () => {
  it('runs a job once with its payload and marks it done', async () => {
    const q = queue();
    const seen: unknown[] = [];
    q.register<{ n: number }>(
      't.once',
      async (job) => void seen.push([job.payload.n, job.attempt]),
    );
    const id = await q.enqueue('t.once', { n: 7 });
    await q.drain();
    expect(seen).toEqual([[7, 1]]);
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 1, locked_by: null });
    await q.drain();
    expect(seen).toHaveLength(1);
  });

  it('keeps one unfinished job per dedupe key', async () => {
    const q = queue();
    let runs = 0;
    q.register('t.dedupe', async () => void runs++);
    const first = await q.enqueue('t.dedupe', {}, { dedupeKey: 'product:1' });
    expect(first).toBeTypeOf('number');
    expect(await q.enqueue('t.dedupe', {}, { dedupeKey: 'product:1' })).toBeUndefined();
    expect(await q.enqueue('t.dedupe', {}, { dedupeKey: 'product:2' })).toBeTypeOf('number');
    await q.drain();
    expect(runs).toBe(2);
    // Finished: the key takes a new job.
    expect(await q.enqueue('t.dedupe', {}, { dedupeKey: 'product:1' })).toBeTypeOf('number');
    await q.drain();
    expect(runs).toBe(3);
  });

  it('does not run a job before its time', async () => {
    const q = queue();
    let runs = 0;
    q.register('t.later', async () => void runs++);
    const id = await q.enqueue('t.later', {}, { runAt: new Date(Date.now() + 60 * 60_000) });
    await q.drain();
    expect(runs).toBe(0);
    expect(await row(id)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('retries a failed run, and fails a job for good after its attempts or a permanent error', async () => {
    const q = queue();
    const attempts: number[] = [];
    q.register(
      't.flaky',
      async (job) => {
        attempts.push(job.attempt);
        if (job.attempt < 3) throw new Error(`refused ${job.attempt}`);
      },
      { retryDelayMs: () => 0 },
    );
    q.register(
      't.broken',
      async () => {
        throw new Error('always');
      },
      { maxAttempts: 2, retryDelayMs: () => 0 },
    );
    q.register('t.permanent', async () => {
      throw new PermanentJobError('no such endpoint');
    });
    const flaky = await q.enqueue('t.flaky', {});
    const broken = await q.enqueue('t.broken', {});
    const permanent = await q.enqueue('t.permanent', {});
    await q.drain();
    expect(attempts).toEqual([1, 2, 3]);
    expect(await row(flaky)).toMatchObject({ status: 'done', attempts: 3 });
    expect(await row(broken)).toMatchObject({
      status: 'failed',
      attempts: 2,
      last_error: 'Error: always',
    });
    expect(await row(permanent)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'PermanentJobError: no such endpoint',
    });
  });

  it('runs again a job whose node stopped renewing its lease, and fences the old run', async () => {
    const repo = createJobsRepository(database.db);
    const q = queue({ node: 'survivor' });
    const ran: string[] = [];
    q.register('t.lease', async (job) => void ran.push(`${job.id}:${job.attempt}`));
    const id = (await q.enqueue('t.lease', {}))!;
    // A node claims it and dies: a lease of 1 ms and no heartbeat.
    const [dead] = await repo.claim({
      kinds: ['t.lease'],
      node: 'dead',
      leaseMs: 1,
      limit: 1,
      perOwner: 2,
    });
    expect(dead).toMatchObject({ id, attempt: 1 });
    expect(await row(id)).toMatchObject({ status: 'running', locked_by: 'dead' });
    await q.drain();
    expect(ran).toEqual([`${id}:2`]);
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 2 });
    // The dead node's late end changes nothing.
    expect(await repo.complete(dead!, 'dead')).toBe(false);
    expect(await repo.failed(dead!, 'dead', 'late', 0)).toBe(false);
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it("one account's flood of slow jobs does not hold back another account's job", async () => {
    // 200 slow jobs of A, then one of B. Each of A's runs waits until B's has run or until the
    // node is full of A's runs (so the test also ends without the fairness).
    const q = queue({ concurrency: 4, perOwner: 2 });
    const started: string[] = [];
    const bRan = gate();
    let aRunning = 0;
    const nodeFull = gate();
    q.register<{ owner: string }>('t.tenant', async (job) => {
      started.push(job.payload.owner);
      if (job.payload.owner === 'B') return bRan.open();
      if (++aRunning >= 4) nodeFull.open();
      await Promise.race([bRan.opened, nodeFull.opened]);
      aRunning--;
    });
    for (let i = 0; i < 200; i++)
      await q.enqueue('t.tenant', { owner: 'A' }, { ownerId: 'acct-a' });
    await q.enqueue('t.tenant', { owner: 'B' }, { ownerId: 'acct-b' });
    await q.drain();
    expect(started).toHaveLength(201);
    // B ran as soon as A had its share (2) running: third, not after A's flood.
    expect(started.indexOf('B')).toBe(2);
  });

  it('on close, stops its runs and puts their jobs back for another node', async () => {
    const q = queue();
    const running = gate();
    q.register('t.long', async (_job, { signal }) => {
      running.open();
      await new Promise((_, reject) =>
        signal.addEventListener('abort', () => reject(signal.reason)),
      );
    });
    const id = await q.enqueue('t.long', {});
    q.start();
    await running.opened;
    expect(await row(id)).toMatchObject({ status: 'running', attempts: 1 });
    await q.close();
    expect(await row(id)).toMatchObject({ status: 'queued', attempts: 0, locked_by: null });
    // Another node takes it.
    const other = queue();
    let ran = 0;
    other.register('t.long', async () => void ran++);
    await other.drain();
    expect(ran).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('enqueues inside a transaction: the job exists once it commits, never after a rollback', async () => {
    const q = queue();
    let runs = 0;
    q.register('t.tx', async () => void runs++);
    await database.db
      .transaction(async (tx) => {
        await q.enqueue('t.tx', {}, { tx });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await q.drain();
    expect(runs).toBe(0);
    await database.db.transaction(async (tx) => void (await q.enqueue('t.tx', {}, { tx })));
    await q.drain();
    expect(runs).toBe(1);
  });
});
