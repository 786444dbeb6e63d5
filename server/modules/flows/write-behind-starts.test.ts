import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { newSession, type FlowSessionRow } from './flow-sessions.repository';
import type { SeenVisitorsSessions } from './seen-visitors';
import { withWriteBehindStarts } from './write-behind-starts';

/** What PostgreSQL answers when a row's tour (or product) no longer exists. */
const foreignKeyError = () =>
  Object.assign(new Error('insert violates foreign key constraint'), { code: '23503' });

/**
 * A sessions table in memory whose inserts wait until the test lets them through, so what the
 * wrapper does while a start is still being written can be seen.
 */
function slowTable() {
  const rows = new Map<string, FlowSessionRow>();
  const waiting: (() => void)[] = [];
  const calls: string[] = [];
  /** The visitor keys of each `insertMany` statement. */
  const statements: string[][] = [];
  const openOf = (brandId: number, key: string) =>
    [...rows.values()].find(
      (r) => r.brandId === brandId && r.visitorKey === key && r.state === 'open',
    );
  /** Visitor keys that ever held a session (what the seen-visitors filter answers). */
  const held = new Set<string>();
  const repo = {
    async neverHeld(_brandId: number, key: string) {
      return !held.has(key);
    },
    async start(v: Parameters<SeenVisitorsSessions['start']>[0]) {
      calls.push('start');
      const row = newSession(v, new Date());
      return (await repo.insert(row)) ? row : undefined;
    },
    insert: (row: FlowSessionRow) =>
      new Promise<boolean>((resolve, reject) => {
        held.add(row.visitorKey);
        waiting.push(() => {
          if (row.visitorKey === 'broken') return reject(new Error('disk full'));
          if (row.visitorKey === 'orphan') return reject(foreignKeyError());
          if (openOf(row.brandId, row.visitorKey)) return resolve(false);
          rows.set(row.id, { ...row });
          resolve(true);
        });
      }),
    /** One statement: a broken row fails it whole, a row meeting an open session is left out. */
    insertMany: (batch: FlowSessionRow[]) =>
      new Promise<Set<string>>((resolve, reject) => {
        statements.push(batch.map((r) => r.visitorKey));
        for (const r of batch) held.add(r.visitorKey);
        waiting.push(() => {
          if (batch.some((r) => r.visitorKey === 'broken')) return reject(new Error('disk full'));
          if (batch.some((r) => r.visitorKey === 'orphan')) return reject(foreignKeyError());
          const stored = new Set<string>();
          for (const r of batch) {
            if (openOf(r.brandId, r.visitorKey)) continue;
            rows.set(r.id, { ...r });
            stored.add(r.id);
          }
          resolve(stored);
        });
      }),
    async visitorState(brandId: number, v: { anonymousId: string }) {
      calls.push('visitorState');
      const open = openOf(brandId, v.anonymousId);
      return { started: new Map(), lastEnded: new Map(), hasOpen: Boolean(open) };
    },
    async openFor(brandId: number, v: { anonymousId: string }) {
      calls.push('openFor');
      return openOf(brandId, v.anonymousId);
    },
    async find(brandId: number, id: string) {
      calls.push('find');
      const row = rows.get(id);
      return row?.brandId === brandId ? row : undefined;
    },
    async end(brandId: number, id: string, state: 'completed' | 'dismissed' | 'ended') {
      calls.push('end');
      const row = rows.get(id);
      if (row?.brandId !== brandId || row.state !== 'open') return undefined;
      row.state = state;
      return row;
    },
    async endAllOf(flowId: number) {
      calls.push('endAllOf');
      let n = 0;
      for (const r of rows.values())
        if (r.flowId === flowId && r.state === 'open') {
          r.state = 'ended';
          n++;
        }
      return n;
    },
  } as unknown as SeenVisitorsSessions;
  /** Lets the gathering window pass, then every write through (a failed statement's rows too). */
  const releaseAll = async () => {
    await new Promise((r) => setTimeout(r, 1));
    do {
      while (waiting.length > 0) waiting.shift()!();
      await new Promise((r) => setImmediate(r));
    } while (waiting.length > 0);
  };
  return { repo, rows, calls, statements, held, releaseAll };
}

const log = () =>
  ({ error: vi.fn(), warn: vi.fn() }) as unknown as FastifyBaseLogger & {
    error: typeof vi.fn;
    warn: typeof vi.fn;
  };
const at = new Date('2026-11-27T12:00:00Z');
const start = (visitorKey: string, flowId = 7) => ({
  brandId: 1,
  flowId,
  visitorKey,
  anonymousId: visitorKey,
  stepId: 's1',
});

describe('withWriteBehindStarts', () => {
  it('answers a start before its row is written; reads of that session wait for the write', async () => {
    const table = slowTable();
    const sessions = withWriteBehindStarts(table.repo, { now: () => at, log: log(), gatherMs: 0 });
    const row = await sessions.start(start('anon-1'));
    expect(row).toMatchObject({ state: 'open', currentStepId: 's1', startedAt: at });
    expect(table.rows.size).toBe(0);

    let found: FlowSessionRow | undefined;
    const reading = sessions.find(1, row!.id).then((r) => (found = r));
    const ending = sessions.end(1, row!.id, 'dismissed', 'dismissed');
    await new Promise((r) => setImmediate(r));
    expect(table.calls).toEqual([]); // both still waiting for the insert
    await table.releaseAll();
    await reading;
    expect(found).toMatchObject({ id: row!.id });
    expect((await ending)?.state).toBe('dismissed');
  });

  it("a second start of the visitor while the first is written answers 'already open'", async () => {
    const table = slowTable();
    const sessions = withWriteBehindStarts(table.repo, { now: () => at, log: log(), gatherMs: 0 });
    const first = await sessions.start(start('anon-2'));
    expect(await sessions.start(start('anon-2', 8))).toBeUndefined();
    // Another visitor is not held up.
    expect(await sessions.start(start('anon-3'))).toBeDefined();
    const open = sessions.openFor(1, { userId: null, anonymousId: 'anon-2' });
    const state = sessions.visitorState(1, { userId: null, anonymousId: 'anon-2' });
    await table.releaseAll();
    expect((await open)?.id).toBe(first!.id);
    expect((await state).hasOpen).toBe(true);
    expect(table.rows.size).toBe(2);
  });

  it('ending a tour for everyone waits for the starts still being written', async () => {
    const table = slowTable();
    const sessions = withWriteBehindStarts(table.repo, { now: () => at, log: log(), gatherMs: 0 });
    const row = await sessions.start(start('anon-4'));
    const ended = sessions.endAllOf(7, 'unpublished');
    await new Promise((r) => setImmediate(r));
    expect(table.calls).toEqual([]);
    await table.releaseAll();
    expect(await ended).toBe(1);
    expect(table.rows.get(row!.id)?.state).toBe('ended');
  });

  it('a visitor key that held a session before is written before the answer', async () => {
    const table = slowTable();
    table.held.add('returning');
    const sessions = withWriteBehindStarts(table.repo, { now: () => at, log: log(), gatherMs: 0 });
    let answered = false;
    const starting = sessions.start(start('returning')).then((r) => ((answered = true), r));
    await new Promise((r) => setImmediate(r));
    expect(answered).toBe(false);
    await table.releaseAll();
    expect(await starting).toBeDefined();
    expect(table.calls).toEqual(['start']);
  });

  it('starts are gathered into one statement; a read of one of them sends them at once', async () => {
    const table = slowTable();
    const sessions = withWriteBehindStarts(table.repo, {
      now: () => at,
      log: log(),
      gatherMs: 60_000,
    });
    const rows = await Promise.all(['g-1', 'g-2', 'g-3'].map((k) => sessions.start(start(k))));
    expect(table.statements).toEqual([]); // still gathering
    const found = sessions.find(1, rows[1]!.id);
    await new Promise((r) => setImmediate(r));
    expect(table.statements).toEqual([['g-1', 'g-2', 'g-3']]);
    await table.releaseAll();
    expect((await found)?.id).toBe(rows[1]!.id);
    expect(table.rows.size).toBe(3);
    // flush sends what gathered since, without waiting for the window either.
    await sessions.start(start('g-4'));
    const flushed = sessions.flush();
    await table.releaseAll();
    await flushed;
    expect(table.statements).toEqual([['g-1', 'g-2', 'g-3'], ['g-4']]);
  });

  it('what gathered is sent when the window ends, with nothing reading it; 500 rows at most a statement', async () => {
    const table = slowTable();
    const sessions = withWriteBehindStarts(table.repo, { now: () => at, log: log(), gatherMs: 20 });
    await sessions.start(start('t-1'));
    await sessions.start(start('t-2'));
    expect(table.statements).toEqual([]);
    await new Promise((r) => setTimeout(r, 60));
    expect(table.statements).toEqual([['t-1', 't-2']]);
    await table.releaseAll();
    expect(table.rows.size).toBe(2);

    const big = slowTable();
    const bigSessions = withWriteBehindStarts(big.repo, {
      now: () => at,
      log: log(),
      gatherMs: 60_000,
    });
    for (let i = 0; i < 501; i++) await bigSessions.start(start(`many-${i}`));
    const flushed = bigSessions.flush();
    await big.releaseAll();
    await flushed;
    expect(big.statements.map((b) => b.length)).toEqual([500, 1]);
    expect(big.rows.size).toBe(501);
  });

  /** A good start and a bad one in one statement, flushed: the good one is kept either way. */
  async function oneBadRow(badKey: string) {
    const table = slowTable();
    const logger = log();
    const sessions = withWriteBehindStarts(table.repo, { now: () => at, log: logger, gatherMs: 0 });
    const good = await sessions.start(start('fine'));
    const bad = await sessions.start(start(badKey));
    const flushed = sessions.flush();
    await table.releaseAll();
    await flushed;
    expect(table.statements).toEqual([['fine', badKey]]);
    expect(table.rows.has(good!.id)).toBe(true);
    expect(table.rows.has(bad!.id)).toBe(false);
    return { table, logger, sessions, bad: bad! };
  }

  it('a row whose tour was deleted meanwhile is a warning; the others of its statement are kept', async () => {
    const { table, logger, sessions, bad } = await oneBadRow('orphan');
    expect(logger.error).not.toHaveBeenCalled();
    expect(logger.warn).toHaveBeenCalledWith({ session: bad.id }, 'flow session not stored');
    // Not a failing database: the next start is still answered before its row is written.
    let answered = false;
    void sessions.start(start('next')).then(() => (answered = true));
    await new Promise((r) => setImmediate(r));
    expect(answered).toBe(true);
    await table.releaseAll();
  });

  it('a statement that fails is written again a row at a time: one bad row loses no other', async () => {
    const { logger, bad } = await oneBadRow('broken');
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ session: bad.id }),
      'flow session not stored',
    );
  });

  it('a failed write is logged; the session is then unknown and flush still resolves', async () => {
    const table = slowTable();
    const logger = log();
    const sessions = withWriteBehindStarts(table.repo, { now: () => at, log: logger, gatherMs: 0 });
    const row = await sessions.start(start('broken'));
    const flushed = sessions.flush();
    await table.releaseAll();
    await flushed;
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ session: row!.id }),
      'flow session not stored',
    );
    expect(await sessions.find(1, row!.id)).toBeUndefined();
    // For a while after a failure, starts wait for their insert again.
    let answered = false;
    const next = sessions.start(start('anon-5')).then((r) => ((answered = true), r));
    await new Promise((r) => setImmediate(r));
    expect(answered).toBe(false);
    await table.releaseAll();
    expect(await next).toBeDefined();
    expect(table.calls).toContain('start');
  });
});
