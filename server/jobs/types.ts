import type { Db } from '../db/client';

/**
 * The durable job queue (docs/jobs.md): one interface whichever database holds the `jobs` table
 * (PGlite embedded, PostgreSQL with DATABASE_URL). A job is a row first; a worker claims it with a
 * lease, runs its kind's handler, and marks it done, or queued again later, or failed.
 */

/** What an enqueue may add to the kind and the payload. */
export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** At most one unfinished job per key: another enqueue while one is queued or running is a no-op. */
  dedupeKey?: string;
  /** The account the job works for: at most `perOwner` of its jobs run at once (fairness). */
  ownerId?: string;
  brandId?: number;
  /** Attempts before the job is failed for good (default: the kind's, else 5). */
  maxAttempts?: number;
  /** Enqueue inside this transaction: the job exists exactly when the transaction commits. */
  tx?: Db;
}

/** A claimed job as a handler sees it. */
export interface Job<P = unknown> {
  id: number;
  kind: string;
  payload: P;
  ownerId: string | null;
  brandId: number | null;
  /** 1 on the first run; a run after a lost lease or a failure counts again. */
  attempt: number;
  maxAttempts: number;
}

export interface JobRunContext {
  /** Aborted when the node closes or the lease was lost: stop at the next safe point. */
  signal: AbortSignal;
}

export type JobHandler<P = unknown> = (job: Job<P>, ctx: JobRunContext) => Promise<void>;

export interface JobKindOptions {
  /** Attempts of this kind's jobs unless the enqueue says otherwise (default 5). */
  maxAttempts?: number;
  /** Delay before attempt `attempt + 1` after a failed `attempt` (default: exponential, jittered). */
  retryDelayMs?: (attempt: number) => number;
}

/** Thrown by a handler for a failure no retry can fix: the job is failed at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export interface JobQueue {
  /** Adds a job; answers its id, or undefined when `dedupeKey` already has an unfinished job. */
  enqueue<P>(kind: string, payload: P, opts?: EnqueueOptions): Promise<number | undefined>;
  /** The handler of a kind; a node claims only the kinds it has handlers for. */
  register<P>(kind: string, handler: JobHandler<P>, opts?: JobKindOptions): void;
  /** Starts claiming and running jobs (worker nodes: ROLE=worker or all). */
  start(): void;
  /**
   * Runs due jobs on this node until none is claimable and none of this node's runs is left
   * (tests await it instead of sleeping; it works without `start`).
   */
  drain(): Promise<void>;
  /** Stops claiming, aborts the runs' signals and waits for them; unfinished jobs go back. */
  close(): Promise<void>;
  /** This node's name in `locked_by`. */
  readonly node: string;
}
