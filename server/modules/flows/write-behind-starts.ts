import type { FastifyBaseLogger } from 'fastify';
import { isForeignKeyViolation } from '../../errors';
import { newSession, type FlowSessionRow, type VisitorIds } from './flow-sessions.repository';
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
 * Starts written behind are gathered for this long and written in one statement: PGlite runs one
 * statement at a time, and one insert per new visitor kept it busy enough to hold up the
 * decisions' reads (docs/adr/0012-flow-runtime-cost.md, "Write-behind starts").
 */
export const GATHER_MS = 100;
/** Most sessions one statement writes (the rest go in the next). */
const GATHER_MAX = 500;

/** What became of one gathered row: undefined when it is stored. */
type Outcome = unknown;
const alreadyOpen = () => new Error('an open session already held this key');

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
 *   wait for their insert (a failing database shows no tour rather than tours it cannot keep);
 * - the rows are gathered for GATHER_MS and written in one statement; a read waiting for one of
 *   them sends what is gathered at once, and a statement that fails is tried again a row at a
 *   time, so one bad row (its tour deleted meanwhile) loses no other.
 */
export function withWriteBehindStarts(
  repo: SeenVisitorsSessions,
  opts: { now: () => Date; log: FastifyBaseLogger; gatherMs?: number },
): WriteBehindSessions {
  /** Session id → its insert (settled: never rejects). */
  const writing = new Map<string, Promise<void>>();
  /** Product and visitor key → the insert of that visitor's session. */
  const byVisitor = new Map<string, Promise<void>>();
  /** Tour → how many of its sessions are still being written. */
  const byFlow = new Map<number, number>();
  let waitUntil = 0;
  const visitorKey = (brandId: number, key: string) => `${brandId}\u0000${key}`;

  /** Rows waiting for the next statement, each with what to tell its start's write. */
  let gathered: { row: FlowSessionRow; settle: (outcome: Outcome) => void }[] = [];
  let timer: NodeJS.Timeout | undefined;
  /** The statements, one after another. */
  let statements: Promise<void> = Promise.resolve();

  const writeEach = (batch: typeof gathered) =>
    Promise.all(
      batch.map(({ row, settle }) =>
        repo.insert(row).then(
          (stored) => settle(stored ? undefined : alreadyOpen()),
          (err: unknown) => settle(err),
        ),
      ),
    );

  /** Sends what is gathered (never rejects: every row's outcome goes to its own write). */
  const sendGathered = () => {
    clearTimeout(timer);
    timer = undefined;
    while (gathered.length > 0) {
      const batch = gathered.slice(0, GATHER_MAX);
      gathered = gathered.slice(GATHER_MAX);
      statements = statements.then(async () => {
        let stored: Set<string>;
        try {
          stored = await repo.insertMany(batch.map((g) => g.row));
        } catch (err) {
          // Each row alone: a bad one (its tour deleted meanwhile) then fails by itself.
          opts.log.warn({ err, sessions: batch.length }, 'flow sessions written one at a time');
          await writeEach(batch);
          return;
        }
        for (const { row, settle } of batch) settle(stored.has(row.id) ? undefined : alreadyOpen());
      });
    }
  };

  /** The row's write: gathered, sent with the others within GATHER_MS; never rejects. */
  const gather = (row: FlowSessionRow) =>
    new Promise<Outcome>((settle) => {
      gathered.push({ row, settle });
      timer ??= setTimeout(sendGathered, opts.gatherMs ?? GATHER_MS);
    });

  /** Waits for these writes, sending the gathered rows now rather than at the window's end. */
  const waitFor = async (pending: Promise<void>[]) => {
    if (pending.length === 0) return;
    sendGathered();
    await Promise.all(pending);
  };
  const afterVisitor = (brandId: number, v: VisitorIds) => {
    const keys = v.userId ? [v.userId, v.anonymousId] : [v.anonymousId];
    return waitFor(keys.flatMap((k) => byVisitor.get(visitorKey(brandId, k)) ?? []));
  };
  const afterSession = (id: string) => waitFor(writing.get(id) ? [writing.get(id)!] : []);
  const afterAll = () => waitFor([...writing.values()]);

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
      const write: Promise<void> = gather(row)
        .then((outcome) => {
          if (outcome !== undefined) failed(outcome, row.id);
        })
        .finally(() => {
          const left = (byFlow.get(row.flowId) ?? 1) - 1;
          if (left > 0) byFlow.set(row.flowId, left);
          else byFlow.delete(row.flowId);
          writing.delete(row.id);
          if (byVisitor.get(key) === write) byVisitor.delete(key);
        });
      writing.set(row.id, write);
      byVisitor.set(key, write);
      byFlow.set(row.flowId, (byFlow.get(row.flowId) ?? 0) + 1);
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
      await afterAll();
      let ended = await repo.endAllOf(flowId, reason);
      // A start of this tour that came in meanwhile (the cache still listed it) is ended as well,
      // rather than left open until its visitor next asks.
      for (let round = 0; round < 3 && byFlow.has(flowId); round++) {
        await afterAll();
        ended += await repo.endAllOf(flowId, reason);
      }
      return ended;
    },
    flush: afterAll,
  };
}
