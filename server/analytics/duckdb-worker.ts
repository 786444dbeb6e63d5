/**
 * The worker side of the DuckDB thread (server/analytics/duckdb-thread.ts is the other): holds
 * the stores the process opened and answers their messages. Why:
 * docs/adr/0015-duckdb-worker-thread.md.
 */
import { parentPort } from 'node:worker_threads';
import { runAsBackgroundThread } from '../lib/background-thread';
import { openDuckDBStore, type AppendRow, type DuckDBStore } from './duckdb.store';
import { plainError, type ThreadRequest } from './duckdb-thread-protocol';
import type { EventTarget, ListShape, QueryShape } from './types';

const port = parentPort!;
const stores = new Map<number, DuckDBStore>();
/** Streams waiting for the other side to take their last slice: request id → resume(stop). */
const waitingStreams = new Map<number, (stop: boolean) => void>();
/** Queries waiting or running: request id → what stops them when their caller goes away. */
const cancels = new Map<number, AbortController>();
/** Slices of inserts still being sent: batch → rows so far. */
const staged = new Map<number, AppendRow[]>();
/** This thread's id once it runs as background work (asked by the first store that wants it). */
let background: number | null | undefined;

const answer = (id: number, work: () => Promise<unknown>) => {
  let started: Promise<unknown>;
  try {
    started = work();
  } catch (err) {
    started = Promise.reject(err);
  }
  void started.then(
    (value) => port.postMessage({ id, value }),
    (err: unknown) => port.postMessage({ id, error: plainError(err) }),
  );
};

const storeOf = (id: number): DuckDBStore => {
  const store = stores.get(id);
  if (!store) throw new Error('analytics store is closed');
  return store;
};

const stream = (id: number, store: DuckDBStore, shape: ListShape) =>
  store.stream(
    shape,
    (rows) =>
      new Promise<void>((resolve, reject) => {
        waitingStreams.set(id, (stop) =>
          stop ? reject(new Error('stream stopped by the reader')) : resolve(),
        );
        port.postMessage({ id, rows });
      }),
  );

port.on('message', (m: ThreadRequest) => {
  switch (m.op) {
    case 'open':
      return answer(m.id, async () => {
        // Asked once, whatever the answer: a refused or missing chrt is not tried again.
        if (m.background && background === undefined) background = runAsBackgroundThread();
        stores.set(
          m.store,
          await openDuckDBStore(m.path, { queryTimeoutMs: m.queryTimeoutMs, readers: m.readers }),
        );
        return background ?? null;
      });
    case 'stage': {
      const rows = staged.get(m.batch);
      if (rows) for (const row of m.rows as AppendRow[]) rows.push(row);
      else staged.set(m.batch, m.rows as AppendRow[]);
      return;
    }
    case 'unstage':
      staged.delete(m.batch);
      return;
    case 'insert': {
      let rows = m.rows as AppendRow[];
      if (m.batch !== undefined) {
        rows = [...(staged.get(m.batch) ?? []), ...rows];
        staged.delete(m.batch);
      }
      return answer(m.id, () => storeOf(m.store).insertPrepared(rows));
    }
    case 'query': {
      const cancel = new AbortController();
      cancels.set(m.id, cancel);
      return answer(m.id, () =>
        storeOf(m.store)
          .query(m.shape as QueryShape, { signal: cancel.signal })
          .finally(() => cancels.delete(m.id)),
      );
    }
    case 'delete':
      return answer(m.id, () => storeOf(m.store).deleteEvents(m.target as EventTarget));
    case 'cancel':
      cancels.get(m.target)?.abort();
      return;
    case 'stream':
      return answer(m.id, async () => {
        await stream(m.id, storeOf(m.store), m.shape as ListShape);
        return null;
      });
    case 'next': {
      const resume = waitingStreams.get(m.id);
      waitingStreams.delete(m.id);
      return resume?.(m.stop === true);
    }
    case 'ping':
      return answer(m.id, async () => {
        await storeOf(m.store).ping();
        return null;
      });
    case 'close':
      return answer(m.id, async () => {
        const store = stores.get(m.store);
        stores.delete(m.store);
        await store?.close();
        return null;
      });
  }
});
