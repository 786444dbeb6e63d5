/**
 * The job queue's claim rate (docs/jobs.md; docs/adr/0024-durable-job-queue.md): jobs claimed,
 * run with a no-op handler and marked done per second, by one node, on PGlite (embedded) and, when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL names a PostgreSQL server, on a fresh database there
 * (also with two nodes on it). Each case enqueues BENCH_JOBS jobs in one statement, then times
 * `drain()`; the jobs are spread over 100 accounts or have none (the fairness count's cost), and
 * run 8 or 32 at once. Also times single `enqueue` calls. Writes bench/results/jobs.json.
 * BENCH_SMOKE=1 is CI's smoke run (500 jobs, no verdict).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../server/db/client';
import { createJobQueue } from '../server/jobs/job-queue';
import { createJobsRepository } from '../server/jobs/jobs.repository';
import { writeResult } from './lib/results';

const SMOKE = process.env.BENCH_SMOKE === '1';
const JOBS = Number(process.env.BENCH_JOBS ?? (SMOKE ? 500 : 20_000));
const ENQUEUES = SMOKE ? 100 : 2_000;
const PG_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
const silent = { warn: () => undefined, error: (...a: unknown[]) => console.error(...a) };

interface Case {
  engine: string;
  nodes: number;
  concurrency: number;
  owners: number;
  jobs: number;
  seconds: number;
  jobs_per_s: number;
}

async function fill(database: Database, jobs: number, owners: number) {
  await database.db.execute(sql`
    INSERT INTO jobs (kind, payload, owner_id)
    SELECT 'bench.noop', '{}'::jsonb,
      CASE WHEN ${owners} = 0 THEN NULL ELSE 'acct-' || (g % ${Math.max(owners, 1)}) END
    FROM generate_series(1, ${jobs}) AS g`);
}

async function claimRate(
  engine: string,
  databases: Database[],
  concurrency: number,
  owners: number,
): Promise<Case> {
  await databases[0]!.db.execute(sql`DELETE FROM jobs`);
  await fill(databases[0]!, JOBS, owners);
  const queues = databases.map((d, i) =>
    createJobQueue({
      repo: createJobsRepository(d.db),
      log: silent,
      concurrency,
      perOwner: Math.max(2, Math.ceil(concurrency / 4)),
      leaseMs: 30_000,
      pollMs: 1_000,
      exclusive: false,
      node: `bench-${i}`,
    }),
  );
  for (const q of queues) q.register('bench.noop', async () => undefined);
  const t = performance.now();
  await Promise.all(queues.map((q) => q.drain()));
  const seconds = (performance.now() - t) / 1000;
  for (const q of queues) await q.close();
  const result = (await databases[0]!.db.execute(
    sql`SELECT count(*)::int AS n FROM jobs WHERE status = 'done'`,
  )) as unknown as { rows: { n: number }[] };
  if (result.rows[0]!.n !== JOBS) throw new Error(`${result.rows[0]!.n} of ${JOBS} jobs done`);
  const c: Case = {
    engine,
    nodes: databases.length,
    concurrency,
    owners,
    jobs: JOBS,
    seconds: Number(seconds.toFixed(3)),
    jobs_per_s: Math.round(JOBS / seconds),
  };
  console.log(
    `${engine.padEnd(9)} nodes ${c.nodes} concurrency ${String(concurrency).padStart(2)} ` +
      `owners ${String(owners).padStart(3)}: ${JOBS} jobs in ${seconds.toFixed(2)} s = ` +
      `${c.jobs_per_s} jobs/s`,
  );
  return c;
}

async function enqueueRate(engine: string, database: Database) {
  const q = createJobQueue({
    repo: createJobsRepository(database.db),
    log: silent,
    concurrency: 1,
    perOwner: 2,
    leaseMs: 30_000,
    pollMs: 1_000,
    exclusive: false,
  });
  const t = performance.now();
  for (let i = 0; i < ENQUEUES; i++) await q.enqueue('bench.enqueue', { i }, { ownerId: 'a' });
  const perS = Math.round(ENQUEUES / ((performance.now() - t) / 1000));
  console.log(`${engine.padEnd(9)} enqueue one at a time: ${perS} jobs/s`);
  return perS;
}

async function engineCases(engine: string, open: () => Promise<Database>, twoNodes: boolean) {
  const a = await open();
  const cases: Case[] = [];
  try {
    for (const concurrency of [8, 32])
      for (const owners of [0, 100]) cases.push(await claimRate(engine, [a], concurrency, owners));
    if (twoNodes) {
      const b = await open();
      try {
        cases.push(await claimRate(engine, [a, b], 8, 100));
      } finally {
        await b.close();
      }
    }
    return { cases, enqueue_per_s: await enqueueRate(engine, a) };
  } finally {
    await a.close();
  }
}

async function main() {
  const results: Record<string, unknown> = { jobs: JOBS, smoke: SMOKE };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'signpost-bench-jobs-'));
  try {
    const pglite = await openDatabase({ dataDir: dir });
    await pglite.close();
    results.pglite = await engineCases('pglite', () => openDatabase({ dataDir: dir }), false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (PG_URL) {
    const name = `signpost_bench_jobs_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    try {
      results.postgres = await engineCases(
        'postgres',
        () => openDatabase({ url: url.toString() }),
        true,
      );
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  } else console.log('postgres: skipped (no BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  writeResult('jobs', results);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
