import { describe, expect, it } from 'vitest';
import { createBatcher, OverloadedError, StoreUnavailableError } from './batcher';
import type { AnalyticsStore, EventRow } from './types';

/** A store whose inserts wait until the test releases them, recording each batch's size. */
function gatedStore() {
  const batches: number[] = [];
  let release: () => void = () => undefined;
  let fail = false;
  const store: AnalyticsStore = {
    engine: 'duckdb',
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
