import { afterEach, describe, expect, it } from 'vitest';
import { DuckDBThreadStore } from './duckdb-thread';
import { openDuckDBStore, type DuckDBStore } from './duckdb.store';
import { CallerGoneError, QueryTimeoutError } from './types';

/**
 * DuckDB's reader connections (docs/reports.md, "Sharing the analytics engine"): a read's limit
 * starts when it starts and stops that read alone; a read whose caller went away never starts.
 */

/** Ten billion rows of a cross join: minutes of work, so it ends only when it is stopped. */
const ENDLESS = 'SELECT sum(a.range * b.range) AS s FROM range(100000) a, range(100000) b';

let store: DuckDBStore | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

describe('DuckDB reader connections', () => {
  it('interrupts a timed-out read alone: the read beside it keeps running until its own caller stops it', async () => {
    store = await openDuckDBStore(':memory:', { readers: 3 });
    const stayer = new AbortController();
    let stayerSettled = false;
    const other = store.read(ENDLESS, undefined, { signal: stayer.signal }).finally(() => {
      stayerSettled = true;
    });
    other.catch(() => undefined);
    await expect(store.read(ENDLESS, undefined, { timeoutMs: 300 })).rejects.toBeInstanceOf(
      QueryTimeoutError,
    );
    // The other read was not interrupted with it, and the store still answers beside it.
    expect(stayerSettled).toBe(false);
    expect(await store.read('SELECT 42 AS n')).toEqual([{ n: 42 }]);
    expect(stayerSettled).toBe(false);
    stayer.abort();
    await expect(other).rejects.toBeInstanceOf(CallerGoneError);
    expect(await store.read('SELECT 7 AS n')).toEqual([{ n: 7 }]);
  });

  it('starts the limit of a read when it starts, not while it waits for a reader', async () => {
    store = await openDuckDBStore(':memory:', { readers: 1 });
    const first = store.read(ENDLESS, undefined, { timeoutMs: 2_000 });
    first.catch(() => undefined);
    // Waits behind `first` for longer than its own limit, then runs well within it.
    const second = store.read('SELECT 42 AS n', undefined, { timeoutMs: 1_000 });
    await expect(first).rejects.toBeInstanceOf(QueryTimeoutError);
    expect(await second).toEqual([{ n: 42 }]);
  });

  it('never starts a read whose caller went away while it waited; a stopped read frees its reader', async () => {
    store = await openDuckDBStore(':memory:', { readers: 1 });
    const holder = new AbortController();
    const first = store.read(ENDLESS, undefined, { signal: holder.signal });
    first.catch(() => undefined);
    const gone = new AbortController();
    const waiting = store.read('SELECT 1 AS n', undefined, { signal: gone.signal });
    gone.abort();
    await expect(waiting).rejects.toBeInstanceOf(CallerGoneError);
    holder.abort();
    await expect(first).rejects.toBeInstanceOf(CallerGoneError);
    expect(await store.read('SELECT 2 AS n')).toEqual([{ n: 2 }]);
    // The endless read and the last one started; the abandoned one never did.
    expect(store.readsStarted).toBe(2);
  });

  it('answers a ping on its own connection while every reader is busy', async () => {
    store = await openDuckDBStore(':memory:', { readers: 1 });
    const busy = new AbortController();
    const first = store.read(ENDLESS, undefined, { signal: busy.signal });
    first.catch(() => undefined);
    await store.ping();
    busy.abort();
    await expect(first).rejects.toBeInstanceOf(CallerGoneError);
  });

  it("refuses, on DuckDB's thread, a read whose caller has already gone", async () => {
    const thread = await DuckDBThreadStore.open(':memory:', { readers: 1 });
    try {
      const gone = new AbortController();
      gone.abort();
      const shape = { kind: 'eventCount', brandId: 1, from: new Date(0), to: new Date() } as const;
      await expect(thread.query(shape, { signal: gone.signal })).rejects.toBeInstanceOf(
        CallerGoneError,
      );
      expect(await thread.query(shape)).toBe(0);
    } finally {
      await thread.close();
    }
  });
});
