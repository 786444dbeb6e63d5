import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs';

/**
 * Planning the first attempts of many deliveries at once (docs/webhooks.md, "What publishing
 * costs"): each delivery needs its own `webhook.deliver` job, one insert each. A write of up to
 * DIRECT_MAX deliveries enqueues them in its own transaction; a larger one (a burst of
 * `event.<code>` messages in one stored batch) enqueues one `webhook.fan-out` job per account and
 * IDS_PER_JOB deliveries, which enqueues theirs later on a worker, under the account's share of
 * the queue. So the path that publishes (ingestion's post-commit step, shared by every account)
 * pays a fixed cost per product whatever the burst.
 */

export const WEBHOOK_FANOUT_JOB = 'webhook.fan-out';
const DIRECT_MAX = 10;
const IDS_PER_JOB = 500;

interface FanOutPayload {
  deliveryIds: number[];
  plannedAt: string;
}

type EnqueueDeliver = (
  tx: Db,
  d: { id: number },
  plannedAt: Date,
  ownerId?: string,
) => Promise<unknown>;

export function createFanOut(deps: {
  db: Db;
  jobs: Pick<JobQueue, 'enqueue' | 'register'>;
  enqueue: EnqueueDeliver;
}) {
  // A run repeated after a lost lease enqueues nothing twice: the deliver jobs are deduplicated
  // by delivery and planned time, and a finished delivery ignores a late job.
  deps.jobs.register<FanOutPayload>(
    WEBHOOK_FANOUT_JOB,
    async (job) => {
      const plannedAt = new Date(job.payload.plannedAt);
      await deps.db.transaction(async (tx) => {
        for (const id of job.payload.deliveryIds)
          await deps.enqueue(tx, { id }, plannedAt, job.ownerId ?? undefined);
      });
    },
    { maxAttempts: 5 },
  );

  /** Plans the first attempt of each delivery, inside `tx`, grouped by the endpoint's account. */
  return async function planFirstAttempts(
    tx: Db,
    made: readonly { id: number; endpointId: number }[],
    plannedAt: Date,
    ownerOf: (endpointId: number) => string | undefined,
  ) {
    const byOwner = new Map<string | undefined, number[]>();
    for (const d of made) {
      const owner = ownerOf(d.endpointId);
      byOwner.set(owner, [...(byOwner.get(owner) ?? []), d.id]);
    }
    for (const [ownerId, ids] of byOwner) {
      if (ids.length <= DIRECT_MAX) {
        for (const id of ids) await deps.enqueue(tx, { id }, plannedAt, ownerId);
        continue;
      }
      for (let i = 0; i < ids.length; i += IDS_PER_JOB)
        await deps.jobs.enqueue<FanOutPayload>(
          WEBHOOK_FANOUT_JOB,
          { deliveryIds: ids.slice(i, i + IDS_PER_JOB), plannedAt: plannedAt.toISOString() },
          { tx, ownerId, runAt: plannedAt },
        );
    }
  };
}
