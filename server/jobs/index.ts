import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { Env } from '../env';
import { createJobQueue } from './job-queue';
import { createJobsRepository } from './jobs.repository';
import type { JobQueue } from './types';

export { PermanentJobError } from './types';
export type { EnqueueOptions, Job, JobHandler, JobKindOptions, JobQueue } from './types';

/** Whether this node runs jobs (ROLE=worker or all; docs/jobs.md, "Nodes"). */
export const runsJobs = (env: Pick<Env, 'ROLE'>) => env.ROLE === 'worker' || env.ROLE === 'all';

/**
 * The node's job queue over the `jobs` table of its database (docs/jobs.md). Every node can
 * enqueue; server/index.ts starts claiming on worker nodes, the app's close stops it.
 */
export function createJobs(opts: {
  env: Pick<Env, 'JOB_LEASE_MS' | 'JOB_CONCURRENCY' | 'JOB_PER_OWNER' | 'JOB_POLL_MS'>;
  database: Pick<Database, 'db' | 'engine'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}): JobQueue {
  const { env } = opts;
  return createJobQueue({
    repo: createJobsRepository(opts.database.db),
    log: opts.log,
    concurrency: env.JOB_CONCURRENCY,
    perOwner: env.JOB_PER_OWNER,
    leaseMs: env.JOB_LEASE_MS,
    pollMs: env.JOB_POLL_MS,
    // PGlite under DATA_DIR belongs to this process alone (server/db/data-dir-lock.ts).
    exclusive: opts.database.engine === 'pglite',
  });
}
