import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Where a job is: waiting (or retrying later), leased by a worker, or finished either way. */
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * The durable job queue (docs/jobs.md): one row per job, claimed with `FOR UPDATE SKIP LOCKED`
 * and held by a lease (`locked_until`) that a worker's heartbeat extends; a job whose lease ran out
 * is claimable again. `owner_id` / `brand_id` carry no foreign key on purpose: a product's deletion
 * or an account's erasure is itself a job and must outlive the rows it removes.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    ownerId: text('owner_id'),
    brandId: integer('brand_id'),
    payload: jsonb('payload').$type<unknown>().notNull().default({}),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('jobs_status_ck', sql`${t.status} IN ('queued', 'running', 'done', 'failed')`),
    // One unfinished job per key: a key's job queued or running takes no second one.
    uniqueIndex('jobs_dedupe_uq')
      .on(t.dedupeKey)
      .where(sql`${t.dedupeKey} IS NOT NULL AND ${t.status} IN ('queued', 'running')`),
    // The claim: due queued jobs in run_at order.
    index('jobs_due_idx')
      .on(t.runAt, t.id)
      .where(sql`${t.status} = 'queued'`),
    // Running jobs: expired leases, and each owner's running count (fairness).
    index('jobs_running_idx')
      .on(t.ownerId, t.lockedUntil)
      .where(sql`${t.status} = 'running'`),
    index('jobs_lease_idx')
      .on(t.lockedUntil)
      .where(sql`${t.status} = 'running'`),
    // The purge of finished jobs.
    index('jobs_finished_idx')
      .on(t.finishedAt)
      .where(sql`${t.status} IN ('done', 'failed')`),
    // A tenant's jobs, for its erasure.
    index('jobs_owner_idx').on(t.ownerId),
  ],
);
