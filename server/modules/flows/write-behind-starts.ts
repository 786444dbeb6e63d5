import type { FastifyBaseLogger } from 'fastify';
import { isForeignKeyViolation } from '../../errors';
import { newSession, type VisitorIds } from './flow-sessions.repository';
import type { SeenVisitorsSessions } from './seen-visitors';

export type WriteBehindSessions = SeenVisitorsSessions & {
  /** Waits until every session started so far is written (shutdown, tests). */
  flush(): Promise<void>;
};

/** Past this many sessions being written, a start waits for its own insert again. */
export const MAX_WRITING = 1_000;
/** After a failed write, starts wait for their insert for this long. */
export const WAIT_AFTER_FAILURE_MS = 60_000;

/**
 * Starts a visitor's first session of a product without making the request wait for the row:
 * `start` answers at once and the insert runs behind it (docs/adr/0012-flow-runtime-cost.md,
 * "Write-behind starts"). Sound only where this process is the only writer of `flow_sessions`
 * (the embedded PGlite database) and the runtime decides for one visitor at a time:
 *
 * - only a key that never held a session is written behind (the seen-visitors filter says so), so
 *   no open row of the database can refuse it; any other start waits for its insert as before;
 * - every read that could see a session still being written waits for that write first: the
 *   visitor's state and open session wait for the visitor's writes, `find`, `advance`, `moveTo`
 *   and `end` for the session's, `endAllOf` for all of them;
 * - a second start for a key whose session is still being written answers "already open", as
 *   the unique index would;
 * - at most MAX_WRITING inserts wait; past that, and for a minute after a failed write, starts
 *   wait for their insert (a failing database shows no tour rather than tours it cannot keep).
 */
export function withWriteBehindStarts(
  repo: SeenVisitorsSessions,
  opts: { now: () => Date; log: FastifyBaseLogger },
): WriteBehindSessions {
  /** Session id → its insert (settled: never rejects). */
  const writing = new Map<string, Promise<void>>();
  /** Product and visitor key → the insert of that visitor's session. */
  const byVisitor = new Map<string, Promise<void>>();
  let waitUntil = 0;
  const visitorKey = (brandId: number, key: string) => `${brandId}\u0000${key}`;

  const afterVisitor = async (brandId: number, v: VisitorIds) => {
    const keys = v.userId ? [v.userId, v.anonymousId] : [v.anonymousId];
    const pending = keys.flatMap((k) => byVisitor.get(visitorKey(brandId, k)) ?? []);
    if (pending.length > 0) await Promise.all(pending);
  };
  const afterSession = async (id: string) => {
    const pending = writing.get(id);
    if (pending) await pending;
  };

  const failed = (err: unknown, session: string) => {
    // A tour or product deleted while its session was written: the row goes with it anyway.
    if (isForeignKeyViolation(err)) return opts.log.warn({ session }, 'flow session not stored');
    waitUntil = Date.now() + WAIT_AFTER_FAILURE_MS;
    opts.log.error({ err, session }, 'flow session not stored');
  };

  return {
    ...repo,
    async visitorState(brandId, visitor) {
      await afterVisitor(brandId, visitor);
      return repo.visitorState(brandId, visitor);
    },
    async openFor(brandId, visitor) {
      await afterVisitor(brandId, visitor);
      return repo.openFor(brandId, visitor);
    },
    async start(v) {
      const fresh = await repo.neverHeld(v.brandId, v.visitorKey);
      const key = visitorKey(v.brandId, v.visitorKey);
      // Its open session is still being written: the visitor already has one.
      if (byVisitor.has(key)) return undefined;
      if (!fresh || writing.size >= MAX_WRITING || Date.now() < waitUntil) return repo.start(v);
      const row = newSession(v, opts.now());
      const write: Promise<void> = repo
        .insert(row)
        .then(
          (stored) => {
            if (!stored) failed(new Error('an open session already held this key'), row.id);
          },
          (err: unknown) => failed(err, row.id),
        )
        .finally(() => {
          writing.delete(row.id);
          if (byVisitor.get(key) === write) byVisitor.delete(key);
        });
      writing.set(row.id, write);
      byVisitor.set(key, write);
      return row;
    },
    async find(brandId, id) {
      await afterSession(id);
      return repo.find(brandId, id);
    },
    async advance(brandId, id, stepId, progress) {
      await afterSession(id);
      return repo.advance(brandId, id, stepId, progress);
    },
    async moveTo(brandId, id, stepId) {
      await afterSession(id);
      return repo.moveTo(brandId, id, stepId);
    },
    async end(brandId, id, state, reason) {
      await afterSession(id);
      return repo.end(brandId, id, state, reason);
    },
    async endAllOf(flowId, reason) {
      await Promise.all(writing.values());
      return repo.endAllOf(flowId, reason);
    },
    async flush() {
      await Promise.all(writing.values());
    },
  };
}
