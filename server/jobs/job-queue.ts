import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { JobsRepository } from './jobs.repository';
import {
  PermanentJobError,
  type EnqueueOptions,
  type Job,
  type JobHandler,
  type JobKindOptions,
  type JobQueue,
} from './types';

/**
 * The queue's loop (docs/jobs.md): claims due jobs up to `concurrency` runs on this node, runs
 * each with its kind's handler, and ends the run in the table; a heartbeat extends the leases of
 * the runs while they last. Cross-node there is no wake-up: other nodes find a job at their next
 * poll (`pollMs`); an enqueue on this node claims at once.
 */

export const DEFAULT_MAX_ATTEMPTS = 5;
const KIND = /^[a-z][a-z0-9._:-]{0,99}$/;
/** Finished jobs are kept this long (inspection), then purged. */
const KEEP_DONE_MS = 60 * 60 * 1000;
const KEEP_FAILED_MS = 7 * 24 * 60 * 60 * 1000;
const PURGE_EVERY_MS = 10 * 60 * 1000;

/** 10 s, 20 s, 40 s … up to an hour, give or take a fifth. */
export function defaultRetryDelayMs(attempt: number): number {
  const base = Math.min(10_000 * 2 ** Math.max(0, attempt - 1), 60 * 60 * 1000);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

export interface JobQueueOptions {
  repo: JobsRepository;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Runs at once on this node. */
  concurrency: number;
  /** Runs of one account at once, over every node. */
  perOwner: number;
  /** How long a claim holds a job without a heartbeat. */
  leaseMs: number;
  /** How often a started node looks for due jobs. */
  pollMs: number;
  /**
   * This process owns the database (PGlite under DATA_DIR): runs a previous process left are
   * queued again at start instead of after their lease.
   */
  exclusive: boolean;
  node?: string;
}

interface Kind {
  handler: JobHandler;
  opts: JobKindOptions;
}
interface Run {
  job: Job;
  controller: AbortController;
  lost: boolean;
  done: Promise<void>;
}

const message = (err: unknown) =>
  (err instanceof Error ? `${err.name}: ${err.message}` : String(err)).slice(0, 2000);

export function createJobQueue(opts: JobQueueOptions): JobQueue {
  const { repo, log } = opts;
  const node = opts.node ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const kinds = new Map<string, Kind>();
  const running = new Map<number, Run>();
  let started = false;
  let closing = false;
  let recovered: Promise<void> | undefined;
  let pollTimer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let lastReap = 0;
  let lastPurge = Date.now();

  /** Once per process on the embedded database, before the first claim. */
  const recover = () =>
    (recovered ??= opts.exclusive ? repo.requeueAll().then(() => undefined) : Promise.resolve());

  async function beat() {
    const ids = [...running.keys()];
    if (ids.length === 0) return;
    const held = await repo.extend(ids, node, opts.leaseMs);
    for (const id of ids) {
      const run = running.get(id);
      if (run && !held.has(id) && !run.lost) {
        // Another node claimed it after the lease ran out: this run's end changes nothing.
        run.lost = true;
        run.controller.abort(new Error('job lease lost'));
        log.warn({ job: id, kind: run.job.kind }, 'job lease lost: another node may run it');
      }
    }
  }
  function ensureHeartbeat() {
    if (heartbeat) return;
    heartbeat = setInterval(
      () => void beat().catch((err) => log.warn({ err }, 'job heartbeat failed')),
      Math.max(50, Math.floor(opts.leaseMs / 3)),
    );
    heartbeat.unref();
  }

  async function finish(run: Run, err: unknown | undefined) {
    const { job } = run;
    if (err === undefined) {
      if (!(await repo.complete(job, node)) && !run.lost)
        log.warn({ job: job.id, kind: job.kind }, 'job finished after its lease was lost');
      return;
    }
    if (run.lost) return;
    if (closing && run.controller.signal.aborted) return repo.release(job, node);
    const kind = kinds.get(job.kind);
    const final = err instanceof PermanentJobError || job.attempt >= job.maxAttempts;
    const delay = final ? null : (kind?.opts.retryDelayMs ?? defaultRetryDelayMs)(job.attempt);
    log.warn(
      { err, job: job.id, kind: job.kind, attempt: job.attempt, retryInMs: delay },
      final ? 'job failed for good' : 'job failed; it will be retried',
    );
    await repo.failed(job, node, message(err), delay);
  }

  function run(job: Job) {
    const controller = new AbortController();
    const entry: Run = { job, controller, lost: false, done: Promise.resolve() };
    const kind = kinds.get(job.kind);
    entry.done = (async () => {
      let failure: unknown;
      try {
        if (!kind) throw new PermanentJobError(`no handler for job kind ${job.kind}`);
        await kind.handler(job, { signal: controller.signal });
      } catch (err) {
        failure = err ?? new Error('job failed');
      }
      await finish(entry, failure);
    })()
      .catch((err) => log.error({ err, job: job.id }, 'job run not recorded'))
      .finally(() => {
        running.delete(job.id);
        if (running.size === 0 && heartbeat) {
          clearInterval(heartbeat);
          heartbeat = undefined;
        }
        if (started && !closing) void pump().catch(() => undefined);
      });
    running.set(job.id, entry);
    ensureHeartbeat();
  }

  async function pumpOnce(): Promise<number> {
    if (closing || kinds.size === 0) return 0;
    await recover();
    const free = opts.concurrency - running.size;
    if (free <= 0) return 0;
    const at = Date.now();
    if (at - lastReap >= Math.min(opts.pollMs, opts.leaseMs)) {
      lastReap = at;
      await repo.reap();
    }
    if (at - lastPurge >= PURGE_EVERY_MS) {
      lastPurge = at;
      await repo.purge(new Date(at - KEEP_DONE_MS), new Date(at - KEEP_FAILED_MS));
    }
    const jobs = await repo.claim({
      kinds: [...kinds.keys()],
      node,
      leaseMs: opts.leaseMs,
      limit: free,
      perOwner: opts.perOwner,
    });
    if (closing) {
      for (const job of jobs) await repo.release(job, node);
      return 0;
    }
    for (const job of jobs) run(job);
    return jobs.length;
  }

  // One claim at a time on this node; calls meanwhile share the next one.
  let active: Promise<number> | undefined;
  let next: Promise<number> | undefined;
  function pump(): Promise<number> {
    if (next) return next;
    const begin = () => {
      const p = pumpOnce().finally(() => {
        if (active === p) active = undefined;
      });
      active = p;
      return p;
    };
    if (!active) return begin();
    next = active
      .catch(() => 0)
      .then(() => {
        next = undefined;
        return begin();
      });
    return next;
  }

  /** Claims for the free slots; again while a claim leaves some (an account at its share). */
  const poll = (): void =>
    void pump().then(
      (claimed) => {
        if (claimed > 0 && running.size < opts.concurrency && started && !closing) poll();
      },
      (err) => log.warn({ err }, 'jobs not claimed; trying again'),
    );

  return {
    node,
    async enqueue(kind, payload, o: EnqueueOptions = {}) {
      if (!KIND.test(kind)) throw new Error(`invalid job kind ${kind}`);
      const id = await repo.insert(
        {
          kind,
          payload,
          runAt: o.runAt,
          dedupeKey: o.dedupeKey,
          ownerId: o.ownerId,
          brandId: o.brandId,
          maxAttempts: o.maxAttempts ?? kinds.get(kind)?.opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        },
        o.tx,
      );
      // Inside a transaction the row is not visible until it commits: the next poll finds it.
      const due = !o.runAt || o.runAt.getTime() <= Date.now();
      if (id !== undefined && started && !closing && due && !o.tx) poll();
      return id;
    },
    register(kind, handler, kindOpts = {}) {
      if (!KIND.test(kind)) throw new Error(`invalid job kind ${kind}`);
      if (kinds.has(kind)) throw new Error(`job kind ${kind} has a handler already`);
      kinds.set(kind, { handler: handler as JobHandler, opts: kindOpts });
    },
    start() {
      if (started || closing) return;
      started = true;
      pollTimer = setInterval(poll, opts.pollMs);
      pollTimer.unref();
      poll();
    },
    async drain() {
      for (;;) {
        // A claim that began while runs were ending may have read them still running (an account
        // at its share): only one that began with none running can say nothing is left.
        const quiet = running.size === 0;
        const claimed = await pump();
        if (claimed === 0 && running.size === 0) {
          if (quiet) return;
          continue;
        }
        // Free slots after a claim: claim again (an account at its share leaves room for others).
        if (claimed > 0 && running.size < opts.concurrency) continue;
        if (running.size > 0) await Promise.race([...running.values()].map((r) => r.done));
      }
    },
    async close() {
      closing = true;
      clearInterval(pollTimer);
      await active?.catch(() => undefined);
      await next?.catch(() => undefined);
      for (const r of running.values()) r.controller.abort(new Error('node closing'));
      await Promise.all([...running.values()].map((r) => r.done));
      clearInterval(heartbeat);
      heartbeat = undefined;
    },
  };
}
