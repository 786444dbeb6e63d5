import type { FastifyBaseLogger } from 'fastify';
import type { Batcher, Submission } from '../../analytics/batcher';
import type { CounterStore } from '../../plugins/rate-limit';
import { dailyAllowance } from './fair-use';

const DAY_MS = 86_400_000;
/** The MAU limit assumed when an account's plan cannot be read (that of the free plan). */
const FALLBACK_MAU = 1_000;

/**
 * Events the server derives from visitors of a tenant's site — tour events and short-link clicks —
 * on a daily quota of their own per account (docs/tracking.md, "Derived events"), so a
 * tenant's tours or links cannot store without bound while every visitor's ingestion is limited.
 * The visitor's request never fails for it: rows past the day's quota are not stored, and the
 * first refusal of the day is logged.
 */
export function createDerivedQuota(deps: {
  batcher: Pick<Batcher, 'submit'>;
  counters: CounterStore;
  /** The account's plan MAU limit (0 = unlimited). */
  usage?: { allowIngest(ownerId: string): Promise<{ mauLimit: number }> };
  perMauPerDay: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
  now?: () => Date;
}): Pick<Batcher, 'submit'> {
  const now = deps.now ?? (() => new Date());
  const mauOf = async (ownerId: string) => {
    try {
      return (await deps.usage?.allowIngest(ownerId))?.mauLimit ?? 0;
    } catch {
      // Tracking paused (402) or the plan unreadable: the free plan's quota still applies.
      return FALLBACK_MAU;
    }
  };
  return {
    async submit(submission: Submission) {
      if (!submission.derived || deps.perMauPerDay <= 0) return deps.batcher.submit(submission);
      const { ownerId } = submission;
      const allowance = dailyAllowance(await mauOf(ownerId), deps.perMauPerDay);
      if (allowance === null) return deps.batcher.submit(submission);
      const today = now();
      const key = `derived-day:${ownerId}:${today.toISOString().slice(0, 10)}`;
      const ttl = DAY_MS - (today.getTime() % DAY_MS) + 60_000;
      const { count } = await deps.counters.peek(key);
      const room = Math.max(0, allowance - count);
      const rows =
        room >= submission.rows.length ? submission.rows : submission.rows.slice(0, room);
      if (rows.length < submission.rows.length) {
        const { count: refusals } = await deps.counters.hit(`${key}:refused`, ttl);
        if (refusals === 1)
          deps.log.warn(
            { ownerId, allowance },
            'derived events: the account reached its daily quota of tour events and link clicks; later ones today are not stored',
          );
      }
      if (rows.length === 0) return;
      await deps.counters.hit(key, ttl, rows.length);
      return deps.batcher.submit(rows === submission.rows ? submission : { ...submission, rows });
    },
  };
}
