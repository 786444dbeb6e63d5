import { describe, expect, it } from 'vitest';
import { createBatcher, isDataError, OverloadedError, StoreUnavailableError } from './batcher';
import type { AnalyticsStore, EventRow } from './types';

/** A store whose inserts wait until the test releases them, recording each batch's size. */
function gatedStore() {
  const batches: number[] = [];
  let release: () => void = () => undefined;
  let fail = false;
  const store: AnalyticsStore = {
    engine: 'duckdb',
    deleteEvents: () => Promise.resolve(0),
    async insert(rows) {
      batches.push(rows.length);
      await new Promise<void>((r) => (release = r));
      if (fail) throw new Error('disk full');
      return rows.length;
    },
    query: () => Promise.reject(new Error('unused')),
    ping: async () => undefined,
    close: async () => undefined,
  };
  return {
    store,
    batches,
    release: () => release(),
    failNext: () => (fail = true),
  };
}
const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ messageId: String(i) }) as EventRow);
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('group-commit batcher', () => {
  it('writes a lone request at once and groups the requests that arrive meanwhile', async () => {
    const s = gatedStore();
    const b = createBatcher({ store: s.store });
    const first = b.submit({ rows: rows(1), ownerId: 'o' });
    await tick();
    expect(s.batches).toEqual([1]);
    const rest = [
      b.submit({ rows: rows(2), ownerId: 'o' }),
      b.submit({ rows: rows(3), ownerId: 'o' }),
    ];
    expect(b.pending()).toBe(6);
    s.release();
    await first;
    await tick();
    expect(s.batches).toEqual([1, 5]);
    s.release();
    await Promise.all(rest);
    expect(b.pending()).toBe(0);
  });

  it('refuses work beyond the pending limit and rejects a failed batch as unavailable', async () => {
    const s = gatedStore();
    const b = createBatcher({ store: s.store, maxPendingRows: 10 });
    const held = b.submit({ rows: rows(8), ownerId: 'o' });
    await expect(b.submit({ rows: rows(3), ownerId: 'o' })).rejects.toBeInstanceOf(OverloadedError);
    s.failNext();
    s.release();
    await expect(held).rejects.toBeInstanceOf(StoreUnavailableError);
  });

  it('acknowledges only after the post-commit step, and drains on close', async () => {
    const s = gatedStore();
    const seen: number[] = [];
    const b = createBatcher({
      store: s.store,
      afterCommit: async (batch) => void seen.push(batch.length),
    });
    let acked = false;
    const p = b.submit({ rows: rows(2), ownerId: 'o' }).then(() => (acked = true));
    await tick();
    expect(acked).toBe(false);
    const closing = b.close();
    s.release();
    await closing;
    await p;
    expect(acked).toBe(true);
    expect(seen).toEqual([1]);
    await expect(b.submit({ rows: rows(1), ownerId: 'o' })).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
  });
});

describe('batcher tenant isolation', () => {
  it('refuses an account past its share while another account is still accepted', async () => {
    const s = gatedStore();
    const b = createBatcher({ store: s.store, maxPendingRows: 100, maxOwnerRows: 30 });
    const held = [b.submit({ rows: rows(20), ownerId: 'a' })];
    await tick();
    held.push(b.submit({ rows: rows(10), ownerId: 'a' }));
    await expect(b.submit({ rows: rows(1), ownerId: 'a' })).rejects.toBeInstanceOf(OverloadedError);
    // B has nothing pending: its request is taken even though A fills its share.
    held.push(b.submit({ rows: rows(25), ownerId: 'b' }));
    expect(b.pending()).toBe(55);
    s.release();
    await tick();
    s.release();
    await Promise.all(held);
    expect(b.pending()).toBe(0);
    // The share is free again once written.
    const again = b.submit({ rows: rows(30), ownerId: 'a' });
    await tick();
    s.release();
    await again;
  });

  it('bounds the queue in bytes too: an account of few, large events is refused alone', async () => {
    const s = gatedStore();
    const b = createBatcher({ store: s.store, maxPendingRows: 10_000, maxPendingBytes: 4_000 });
    const held = [b.submit({ rows: rows(1), ownerId: 'a', bytes: 900 })];
    await tick();
    held.push(b.submit({ rows: rows(1), ownerId: 'a', bytes: 100 }));
    // A holds 1,000 bytes, its quarter of 4,000: one more byte is refused, whatever the rows.
    await expect(b.submit({ rows: rows(1), ownerId: 'a', bytes: 1 })).rejects.toBeInstanceOf(
      OverloadedError,
    );
    held.push(b.submit({ rows: rows(1), ownerId: 'b', bytes: 2_500 }));
    // The whole queue holds 3,500 of 4,000 bytes: C's first request of 600 does not fit.
    await expect(b.submit({ rows: rows(1), ownerId: 'c', bytes: 600 })).rejects.toBeInstanceOf(
      OverloadedError,
    );
    s.release();
    await tick();
    s.release();
    await Promise.all(held);
    // Written, the bytes are free again.
    const again = b.submit({ rows: rows(1), ownerId: 'c', bytes: 3_000 });
    await tick();
    s.release();
    await again;
  });

  it('takes accounts round-robin, so a flood does not delay another account', async () => {
    const s = gatedStore();
    const order: string[] = [];
    const b = createBatcher({
      store: s.store,
      maxBatchRows: 4,
      afterCommit: async (batch) => void order.push(batch.map((p) => p.ownerId).join('')),
    });
    const all = [b.submit({ rows: rows(1), ownerId: 'a' })];
    await tick();
    for (let i = 0; i < 6; i++) all.push(b.submit({ rows: rows(1), ownerId: 'a' }));
    all.push(b.submit({ rows: rows(1), ownerId: 'b' }));
    for (let i = 0; i < 4; i++) {
      s.release();
      await tick();
      await tick();
    }
    await Promise.all(all);
    // B was queued after six of A's requests, yet it rides the very next batch.
    expect(order).toEqual(['a', 'abaa', 'aaa']);
  });

  it('fails only the request whose own write fails, not the others of its group', async () => {
    const written: string[] = [];
    const store: AnalyticsStore = {
      engine: 'duckdb',
      deleteEvents: () => Promise.resolve(0),
      async insert(r) {
        return r.length;
      },
      query: () => Promise.reject(new Error('unused')),
      ping: async () => undefined,
      close: async () => undefined,
    };
    let gate: () => void = () => undefined;
    const b = createBatcher({
      store,
      afterCommit: async (batch) => {
        if (batch.length === 1 && batch[0]!.ownerId === 'first')
          await new Promise<void>((r) => (gate = r));
        // A value the database refuses (22008 datetime overflow): that request's own fault.
        if (batch.some((p) => p.ownerId === 'bad'))
          throw Object.assign(new Error('profile write refused'), { cause: { code: '22008' } });
        written.push(...batch.map((p) => p.ownerId));
      },
    });
    const first = b.submit({ rows: rows(1), ownerId: 'first' });
    await tick();
    const good = b.submit({ rows: rows(2), ownerId: 'good' });
    const bad = b.submit({ rows: rows(2), ownerId: 'bad' });
    const other = b.submit({ rows: rows(2), ownerId: 'other' });
    gate();
    await first;
    await expect(bad).rejects.toBeInstanceOf(StoreUnavailableError);
    await good;
    await other;
    expect(written).toEqual(['first', 'good', 'other']);
    expect(b.pending()).toBe(0);
  });

  it('in an outage, fails the rest of the group after one lone attempt instead of one per request', async () => {
    let inserts = 0;
    let gate: () => void = () => undefined;
    let down = false;
    const store: AnalyticsStore = {
      engine: 'duckdb',
      deleteEvents: () => Promise.resolve(0),
      async insert(r) {
        inserts++;
        if (inserts === 1) await new Promise<void>((res) => (gate = res));
        if (down) throw new Error('connection refused');
        return r.length;
      },
      query: () => Promise.reject(new Error('unused')),
      ping: async () => undefined,
      close: async () => undefined,
    };
    const b = createBatcher({ store });
    const first = b.submit({ rows: rows(1), ownerId: 'first' });
    await tick();
    const group = ['a', 'b', 'c', 'd', 'e'].map((o) => b.submit({ rows: rows(1), ownerId: o }));
    down = true;
    gate();
    await expect(first).rejects.toBeInstanceOf(StoreUnavailableError);
    for (const p of group) await expect(p).rejects.toBeInstanceOf(StoreUnavailableError);
    // The first write, the group, and one lone attempt: not five.
    expect(inserts).toBe(3);
    expect(b.pending()).toBe(0);
  });

  it('tells data errors from outages', () => {
    const wrapped = (code: string) => Object.assign(new Error('Failed query'), { cause: { code } });
    expect(isDataError(wrapped('22008'))).toBe(true);
    expect(isDataError(wrapped('54000'))).toBe(true);
    expect(isDataError(new TypeError('invalid Date'))).toBe(true);
    expect(isDataError(wrapped('57014'))).toBe(false);
    expect(isDataError(wrapped('08006'))).toBe(false);
    expect(isDataError(new Error('ECONNREFUSED'))).toBe(false);
  });
});
