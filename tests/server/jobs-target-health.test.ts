import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/server/db/client';
import { createJobs } from '@/server/jobs';
import { createTargetHealthJob } from '@/server/modules/flows/target-health-job';
import { freshDatabaseUrl } from './test-database';

/**
 * The target-health sweep as a job (docs/flows.md, "Target health"; docs/jobs.md, "Kinds"): the
 * ticks of several workers enqueue one sweep at a time, and a worker runs it.
 */

let target: Awaited<ReturnType<typeof freshDatabaseUrl>>;
let database: Database;
beforeAll(async () => {
  target = await freshDatabaseUrl();
  database = await openDatabase({ url: target.url, dataDir: target.dataDir });
});
afterAll(async () => {
  await database.close();
  await target.drop();
});

const env = { JOB_LEASE_MS: 30_000, JOB_CONCURRENCY: 4, JOB_PER_OWNER: 2, JOB_POLL_MS: 1_000 };
const log = { warn: () => undefined, error: () => undefined };

describe('target-health job', () => {
  it("two workers' ticks enqueue one sweep; it runs once, and the next tick enqueues again", async () => {
    let sweeps = 0;
    const health = { sweep: async () => ++sweeps };
    const one = createJobs({ env, database, log });
    const two = createJobs({ env, database, log });
    const tickOne = createTargetHealthJob({ jobs: one, health });
    const tickTwo = createTargetHealthJob({ jobs: two, health });
    expect(await tickOne.tick()).toBe(true);
    expect(await tickTwo.tick()).toBe(false);
    await one.drain();
    await two.drain();
    expect(sweeps).toBe(1);
    expect(await tickTwo.tick()).toBe(true);
    await two.drain();
    expect(sweeps).toBe(2);
    await Promise.all([one.close(), two.close()]);
  });
});
