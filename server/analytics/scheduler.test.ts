import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { MESSAGES } from '../../lib/messages';
import {
  analyticsCaller,
  AnalyticsScheduler,
  CallerGoneError,
  scheduledStore,
  type SchedulerLimits,
} from './scheduler';
import type { AnalyticsStore } from './types';

/** A read that runs until released; `started` lists the reads that began, in order. */
function harness(limits: Partial<SchedulerLimits> = {}) {
  const scheduler = new AnalyticsScheduler({
    perAccount: 2,
    global: 3,
    queuePerAccount: 2,
    queueTotal: 100,
    retryAfterSeconds: 2,
    ...limits,
  });
  const started: string[] = [];
  const release = new Map<string, () => void>();
  const read = (account: string, name: string, signal?: AbortSignal) =>
    scheduler.run(account, signal, () => {
      started.push(name);
      return new Promise<string>((resolve) => release.set(name, () => resolve(name)));
    });
  const settle = () => new Promise((r) => setImmediate(r));
  return { scheduler, started, release, read, settle };
}

describe('analytics scheduler', () => {
  it("refuses an account past its share and queue with a 429, while another account's read runs", async () => {
    const { started, release, read, settle } = harness();
    const a = ['a1', 'a2', 'a3', 'a4'].map((n) => read('A', n));
    // Two running, two queued: the fifth is refused at once.
    const refused = await read('A', 'a5').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 429, headers: { 'retry-after': '2' } });
    expect(started).toEqual(['a1', 'a2']);
    // B is admitted while A's reads still hold their places.
    const b = read('B', 'b1');
    await settle();
    expect(started).toEqual(['a1', 'a2', 'b1']);
    release.get('b1')!();
    expect(await b).toBe('b1');
    for (const n of ['a1', 'a2']) release.get(n)!();
    await settle();
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3', 'a4']);
    for (const n of ['a3', 'a4']) release.get(n)!();
    expect(await Promise.all(a)).toEqual(['a1', 'a2', 'a3', 'a4']);
  });

  it('never starts a queued read whose caller has gone', async () => {
    const { scheduler, started, release, read, settle } = harness();
    const first = [read('A', 'a1'), read('A', 'a2')];
    const gone = new AbortController();
    const queued = read('A', 'a3', gone.signal);
    gone.abort();
    await expect(queued).rejects.toBeInstanceOf(CallerGoneError);
    for (const n of ['a1', 'a2']) release.get(n)!();
    await Promise.all(first);
    await settle();
    expect(started).toEqual(['a1', 'a2']);
    expect(scheduler.load()).toEqual({ running: 0, queued: 0 });
    // An already aborted caller is refused before anything runs.
    await expect(read('A', 'a4', gone.signal)).rejects.toBeInstanceOf(CallerGoneError);
    expect(scheduler.started).toBe(2);
  });

  it("counts one request's fan-out against its own account, and serves accounts in turn", async () => {
    const { started, release, read, settle } = harness({ queuePerAccount: 40, global: 2 });
    // One trend asks for ten reads at once (Promise.all); B and C arrive just after.
    const fanOut = Array.from({ length: 10 }, (_, i) => read('A', `a${i}`));
    const others = [read('B', 'b1'), read('C', 'c1')];
    await settle();
    expect(started).toEqual(['a0', 'a1']);
    release.get('a0')!();
    await settle();
    // The freed place goes to B, not to A's next read.
    expect(started).toEqual(['a0', 'a1', 'b1']);
    release.get('a1')!();
    await settle();
    expect(started).toEqual(['a0', 'a1', 'b1', 'c1']);
    release.get('b1')!();
    release.get('c1')!();
    await Promise.all(others);
    for (let i = 2; i < 10; i++) {
      await settle();
      release.get(`a${i}`)!();
    }
    expect(await Promise.all(fanOut)).toHaveLength(10);
  });

  it('bounds the queue of every account together', async () => {
    const { read } = harness({ global: 1, perAccount: 1, queuePerAccount: 5, queueTotal: 3 });
    const reads = ['A', 'B', 'C', 'D'].map((account) => read(account, account).catch(() => null));
    const refused = await read('E', 'E').catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 429 });
    void reads;
  });

  it("answers DuckDB's binder errors as a 400 with a message, not a 500", async () => {
    const failing = {
      engine: 'duckdb',
      query: () =>
        Promise.reject(
          new Error('Binder Error: Cannot compare values of type VARCHAR[] and VARCHAR'),
        ),
    } as unknown as AnalyticsStore;
    const store = scheduledStore(failing, new AnalyticsScheduler());
    const shape = { kind: 'eventCount', brandId: 1, from: new Date(0), to: new Date(1) } as const;
    for (const caller of [{ account: 'A' }, undefined]) {
      const read = () => store.query(shape);
      const err = await (caller ? analyticsCaller.run(caller, read) : read()).catch((e) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ status: 400, message: MESSAGES.http.analyticsRefused });
    }
  });

  it('answers a read whose client has gone as 499, never as a server error', async () => {
    let started = 0;
    const inner = {
      engine: 'duckdb',
      query: async () => {
        started++;
        return 0;
      },
    } as unknown as AnalyticsStore;
    const store = scheduledStore(inner, new AnalyticsScheduler());
    const gone = new AbortController();
    gone.abort();
    const shape = { kind: 'eventCount', brandId: 1, from: new Date(0), to: new Date(1) } as const;
    const err = await analyticsCaller
      .run({ account: 'A', signal: gone.signal }, () => store.query(shape))
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 499, code: 'client_closed' });
    expect(started).toBe(0);
  });
});
