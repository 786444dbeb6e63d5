import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Job } from './types';

/**
 * The only reader and writer of `jobs` (docs/jobs.md). The same statements run on PGlite and
 * PostgreSQL. Every statement that ends a run is fenced by the claim (`locked_by` and the attempt
 * number): a worker whose lease ran out and whose job another node claimed changes nothing.
 */

interface JobRow {
  id: string | number;
  kind: string;
  payload: unknown;
  owner_id: string | null;
  brand_id: number | null;
  attempts: number;
  max_attempts: number;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const toJob = (r: JobRow): Job => ({
  id: Number(r.id),
  kind: r.kind,
  payload: r.payload,
  ownerId: r.owner_id,
  brandId: r.brand_id,
  attempt: r.attempts,
  maxAttempts: r.max_attempts,
});
/** A list of numbers or names as one bound text (they contain no comma). */
const list = (xs: readonly (string | number)[]) => xs.join(',');

export interface NewJob {
  kind: string;
  payload: unknown;
  runAt?: Date;
  dedupeKey?: string;
  ownerId?: string;
  brandId?: number;
  maxAttempts: number;
}

export interface ClaimRequest {
  kinds: readonly string[];
  node: string;
  leaseMs: number;
  /** Jobs claimed at most. */
  limit: number;
  /** Running (unexpired) jobs of one owner at most, counted over every node. */
  perOwner: number;
}

export function createJobsRepository(db: Db) {
  /** The claim's fence: this node still holds this run of the job. */
  const held = (job: Pick<Job, 'id' | 'attempt'>, node: string) =>
    sql`id = ${job.id} AND status = 'running' AND locked_by = ${node} AND attempts = ${job.attempt}`;

  return {
    /** Inserts a job; undefined when its dedupe key has an unfinished job already. */
    async insert(job: NewJob, tx: Db = db): Promise<number | undefined> {
      const result = await tx.execute(sql`
        INSERT INTO jobs (kind, payload, run_at, dedupe_key, owner_id, brand_id, max_attempts)
        VALUES (${job.kind}, ${JSON.stringify(job.payload ?? null)}::jsonb,
          coalesce(${job.runAt?.toISOString() ?? null}::timestamptz, now()),
          ${job.dedupeKey ?? null}, ${job.ownerId ?? null}, ${job.brandId ?? null},
          ${job.maxAttempts})
        ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL AND status IN ('queued', 'running')
        DO NOTHING
        RETURNING id`);
      const [row] = rowsOf<{ id: string | number }>(result);
      return row ? Number(row.id) : undefined;
    },

    /**
     * Claims due jobs of these kinds with a lease, oldest due first, skipping rows another node is
     * claiming (`FOR UPDATE SKIP LOCKED`). Fair across accounts: an owner already running
     * `perOwner` jobs is passed over, and one claim takes at most what is left of its share, so a
     * flood of one account's jobs waits behind its own share, not in front of other accounts.
     */
    async claim(req: ClaimRequest): Promise<Job[]> {
      if (req.kinds.length === 0 || req.limit <= 0) return [];
      // Enough candidates that owners at the head of the line leave room for others.
      const scan = Math.max(req.limit * 4, 64);
      const result = await db.execute(sql`
        WITH busy AS (
          SELECT owner_id, count(*)::int AS n FROM jobs
          WHERE status = 'running' AND owner_id IS NOT NULL AND locked_until > now()
          GROUP BY owner_id
        ),
        candidates AS (
          SELECT j.id, j.owner_id, j.run_at FROM jobs j
          WHERE j.status = 'queued' AND j.run_at <= now()
            AND j.kind = ANY(string_to_array(${list(req.kinds)}, ','))
            AND (j.owner_id IS NULL
              OR j.owner_id NOT IN (SELECT owner_id FROM busy WHERE n >= ${req.perOwner}))
          ORDER BY j.run_at, j.id
          LIMIT ${scan}
          FOR UPDATE OF j SKIP LOCKED
        ),
        picked AS (
          SELECT c.id FROM (
            SELECT id, owner_id, run_at,
              row_number() OVER (PARTITION BY owner_id ORDER BY run_at, id) AS rn
            FROM candidates
          ) c
          LEFT JOIN busy b ON b.owner_id = c.owner_id
          WHERE c.owner_id IS NULL OR c.rn + coalesce(b.n, 0) <= ${req.perOwner}
          ORDER BY c.run_at, c.id
          LIMIT ${req.limit}
        )
        UPDATE jobs SET status = 'running', locked_by = ${req.node},
          locked_until = now() + ${req.leaseMs} * interval '1 millisecond',
          attempts = jobs.attempts + 1
        FROM picked WHERE jobs.id = picked.id
        RETURNING jobs.id, jobs.kind, jobs.payload, jobs.owner_id, jobs.brand_id, jobs.attempts,
          jobs.max_attempts`);
      return rowsOf<JobRow>(result)
        .map(toJob)
        .sort((a, b) => a.id - b.id);
    },

    /** Extends the leases of this node's runs; answers the ids it still holds. */
    async extend(ids: readonly number[], node: string, leaseMs: number): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const result = await db.execute(sql`
        UPDATE jobs SET locked_until = now() + ${leaseMs} * interval '1 millisecond'
        WHERE status = 'running' AND locked_by = ${node}
          AND id = ANY(string_to_array(${list(ids)}, ',')::bigint[])
        RETURNING id`);
      return new Set(rowsOf<{ id: string | number }>(result).map((r) => Number(r.id)));
    },

    /** The run succeeded. False when this node no longer held it. */
    async complete(job: Job, node: string): Promise<boolean> {
      const result = await db.execute(sql`
        UPDATE jobs SET status = 'done', finished_at = now(), locked_by = NULL,
          locked_until = NULL, last_error = NULL
        WHERE ${held(job, node)} RETURNING id`);
      return rowsOf(result).length > 0;
    },

    /** The run failed: queued again after `delayMs`, or failed for good when `delayMs` is null. */
    async failed(job: Job, node: string, error: string, delayMs: number | null): Promise<boolean> {
      const result = await db.execute(
        delayMs === null
          ? sql`UPDATE jobs SET status = 'failed', finished_at = now(), locked_by = NULL,
              locked_until = NULL, last_error = ${error}
            WHERE ${held(job, node)} RETURNING id`
          : sql`UPDATE jobs SET status = 'queued', locked_by = NULL, locked_until = NULL,
              last_error = ${error}, run_at = now() + ${delayMs} * interval '1 millisecond'
            WHERE ${held(job, node)} RETURNING id`,
      );
      return rowsOf(result).length > 0;
    },

    /** The run was stopped by the node's close: queued again at once, the attempt not counted. */
    async release(job: Job, node: string): Promise<void> {
      await db.execute(sql`
        UPDATE jobs SET status = 'queued', locked_by = NULL, locked_until = NULL,
          attempts = attempts - 1
        WHERE ${held(job, node)}`);
    },

    /**
     * Runs whose lease ran out (their node died or stalled) are queued again, keeping their place
     * in line; those that used every attempt are failed. Answers how many were queued or failed.
     */
    async reap(): Promise<number> {
      const result = await db.execute(sql`
        UPDATE jobs SET
          status = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'queued' END,
          finished_at = CASE WHEN attempts >= max_attempts THEN now() END,
          last_error = 'lease of ' || coalesce(locked_by, '?') || ' expired',
          locked_by = NULL, locked_until = NULL
        WHERE status = 'running' AND locked_until <= now()
        RETURNING id`);
      return rowsOf(result).length;
    },

    /**
     * Embedded database only (one process owns DATA_DIR): runs left by a previous process are
     * queued again at start instead of after their lease.
     */
    async requeueAll(): Promise<number> {
      const result = await db.execute(sql`
        UPDATE jobs SET status = 'queued', locked_by = NULL, locked_until = NULL
        WHERE status = 'running' RETURNING id`);
      return rowsOf(result).length;
    },

    /** Deletes up to `limit` finished jobs: done before `doneBefore`, failed before `failedBefore`. */
    async purge(doneBefore: Date, failedBefore: Date, limit = 1000): Promise<number> {
      const result = await db.execute(sql`
        DELETE FROM jobs WHERE id IN (
          SELECT id FROM jobs
          WHERE (status = 'done' AND finished_at < ${doneBefore.toISOString()}::timestamptz)
             OR (status = 'failed' AND finished_at < ${failedBefore.toISOString()}::timestamptz)
          LIMIT ${limit})
        RETURNING id`);
      return rowsOf(result).length;
    },

    /** Unfinished jobs of an account are dropped (its erasure); answers how many. */
    async cancelOwner(ownerId: string): Promise<number> {
      const result = await db.execute(sql`
        DELETE FROM jobs WHERE owner_id = ${ownerId} AND status = 'queued' RETURNING id`);
      return rowsOf(result).length;
    },
  };
}
export type JobsRepository = ReturnType<typeof createJobsRepository>;
