import type { JobQueue } from '../../jobs';
import { TARGET_HEALTH_SWEEP_MS, type TargetHealthService } from './target-health.service';

/** The job kind of a target-health sweep (docs/jobs.md, "Kinds"; docs/flows.md, "Target health"). */
export const TARGET_HEALTH_JOB = 'target-health';

/**
 * The target-health sweep as a job: every worker node's tick enqueues one, and the dedupe key
 * keeps at most one unfinished in the whole deployment, so the sweep runs on one worker at a time
 * and a worker killed mid-sweep hands it to another after the lease. A failed sweep is not retried:
 * the next tick enqueues it again. Started by server/index.ts on worker nodes.
 */
export function createTargetHealthJob(deps: {
  jobs: Pick<JobQueue, 'enqueue' | 'register'>;
  health: Pick<TargetHealthService, 'sweep'>;
  intervalMs?: number;
  onError?: (err: unknown) => void;
}) {
  const interval = deps.intervalMs ?? TARGET_HEALTH_SWEEP_MS;
  let timer: NodeJS.Timeout | undefined;
  deps.jobs.register(TARGET_HEALTH_JOB, async () => void (await deps.health.sweep()), {
    maxAttempts: 1,
  });
  /** Enqueues a sweep unless one is queued or running; answers whether it did. */
  const tick = async () =>
    (await deps.jobs.enqueue(TARGET_HEALTH_JOB, {}, { dedupeKey: TARGET_HEALTH_JOB })) !==
    undefined;
  return {
    tick,
    /** Ticks now and every `intervalMs` until `close`. */
    start() {
      if (timer) return;
      const run = () => void tick().catch((err) => deps.onError?.(err));
      timer = setInterval(run, interval);
      timer.unref();
      run();
    },
    close() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
