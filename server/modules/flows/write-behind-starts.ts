import type { FastifyBaseLogger } from 'fastify';
import {
  newSession,
  type FlowSessionsRepository,
  type VisitorIds,
} from './flow-sessions.repository';

export type WriteBehindSessions = FlowSessionsRepository & {
  /** Waits until every session started so far is written (shutdown, tests). */
  flush(): Promise<void>;
};

/**
 * Starts sessions without making the visitor's request wait for the row: `start` answers at once
 * and the insert runs behind it (docs/adr/0012-flow-runtime-cost.md, "Write-behind starts").
 * Sound only where this process is the only writer of `flow_sessions` (the embedded PGlite
 * database) and where the runtime decides for one visitor at a time (its per-visitor lock):
 *
 * - every read that could see a session still being written waits for that write first: the
 *   visitor's state and open session wait for the visitor's writes, `find`, `advance`, `moveTo`
 *   and `end` for the session's, `endAllOf` for all of them, so nothing reads around a start;
 * - a second start for a visitor whose session is still being written answers "already open",
 *   as the unique index would; the caller then reads that session through `openFor`.
 *
 * A write that fails is logged: the visitor was shown a tour whose session does not exist, so its
 * next call answers 404 and the SDK closes it.
 */
export function withWriteBehindStarts(
  repo: FlowSessionsRepository,
  opts: { now: () => Date; log: FastifyBaseLogger },
): WriteBehindSessions {
  /** Session id → its insert (settled: never rejects). */
  const writing = new Map<string, Promise<void>>();
  /** Product and visitor key → the insert of that visitor's newest session. */
  const byVisitor = new Map<string, Promise<void>>();
  const visitorKey = (brandId: number, key: string) => `${brandId}\u0000${key}`;

  const writesOf = (brandId: number, v: VisitorIds) => {
    const keys = v.userId ? [v.userId, v.anonymousId] : [v.anonymousId];
    return keys.flatMap((k) => byVisitor.get(visitorKey(brandId, k)) ?? []);
  };
  const afterVisitor = async (brandId: number, v: VisitorIds) => {
    const pending = writesOf(brandId, v);
    if (pending.length > 0) await Promise.all(pending);
  };
  const afterSession = async (id: string) => {
    const pending = writing.get(id);
    if (pending) await pending;
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
      const key = visitorKey(v.brandId, v.visitorKey);
      // Its open session is still being written: the visitor already has one.
      if (byVisitor.has(key)) return undefined;
      const row = newSession(v, opts.now());
      const write: Promise<void> = repo
        .insert(row)
        .then(
          (stored) => {
            if (!stored)
              opts.log.error({ session: row.id }, 'flow session not stored: one was open');
          },
          (err: unknown) => opts.log.error({ err, session: row.id }, 'flow session not stored'),
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
