import { access } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { WORKER_RESOURCE_LIMITS } from '../worker-limits';
import { prepareRow, type AppendRow } from './duckdb.store';
import { dedupeBatch } from './event-rows';
import {
  reviveError,
  type ThreadCall,
  type ThreadReply,
  type ThreadRequest,
} from './duckdb-thread-protocol';
import {
  CallerGoneError,
  type AnalyticsStore,
  type EventRow,
  type ListShape,
  type QueryOptions,
  type EventTarget,
  type QueryShape,
  type ResultOf,
} from './types';

/**
 * The embedded DuckDB store on a worker thread, behind the AnalyticsStore interface. Rows are
 * converted here (a bad value is refused before anything is sent) and cross as plain values; the
 * Appender, the INSERT and every read run on the worker. One worker serves every store the
 * process opens. Why: docs/adr/0015-duckdb-worker-thread.md.
 */

const WORKER_URL = new URL('./duckdb-worker.mjs', import.meta.url);
/** Rows converted and sent in one go (see `insert`). */
const SEND_SLICE = 200;

type OnRows = (rows: unknown) => void | Promise<void>;

interface Waiting {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  /** A stream's slice arrived: hand it over, then ask for the next one. */
  onRows?: OnRows;
}

/** The worker and the requests waiting for it. */
class DuckDBThread {
  private nextId = 1;
  private nextStore = 1;
  private nextBatch = 1;
  private readonly waiting = new Map<number, Waiting>();
  failure: Error | undefined;

  constructor(private readonly worker: Worker) {
    // Kept alive only while a request waits: an idle store never holds the process open.
    worker.unref();
    worker.on('message', (m: ThreadReply) => this.onReply(m));
    const stop = (err: Error) => {
      this.failure ??= err;
      for (const w of this.waiting.values()) w.reject(this.failure);
      this.waiting.clear();
      if (shared === this) shared = undefined;
    };
    worker.on('error', stop);
    worker.on('exit', (code) => stop(new Error(`the analytics thread stopped (exit ${code})`)));
  }

  newStoreId() {
    return this.nextStore++;
  }

  newBatchId() {
    return this.nextBatch++;
  }

  /** A message that is not answered (a slice of an insert still being sent). */
  post(store: number, message: ThreadCall) {
    if (!this.failure) this.worker.postMessage({ ...message, id: 0, store } as ThreadRequest);
  }

  /**
   * Sends a request and waits for its answer. With `signal`: an aborted caller is refused before
   * anything is sent, and one that aborts later sends a `cancel` (the worker drops or stops it).
   */
  call<T>(store: number, message: ThreadCall, onRows?: OnRows, signal?: AbortSignal): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    if (signal?.aborted) return Promise.reject(new CallerGoneError());
    const id = this.nextId++;
    const onAbort = () => this.post(store, { op: 'cancel', target: id });
    return new Promise<T>((resolve, reject) => {
      if (this.waiting.size === 0) this.worker.ref();
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject, onRows });
      this.worker.postMessage({ ...message, id, store } as ThreadRequest);
      signal?.addEventListener('abort', onAbort, { once: true });
    }).finally(() => signal?.removeEventListener('abort', onAbort));
  }

  private settle(id: number) {
    this.waiting.delete(id);
    if (this.waiting.size === 0) this.worker.unref();
  }

  private onReply(m: ThreadReply) {
    const w = this.waiting.get(m.id);
    if (!w) return;
    if ('rows' in m) {
      void this.takeSlice(m.id, w, m.rows);
      return;
    }
    this.settle(m.id);
    if ('error' in m) w.reject(reviveError(m.error));
    else w.resolve(m.value);
  }

  /** Hands a slice to the stream's reader, lets waiting requests run, then asks for the next. */
  private async takeSlice(id: number, w: Waiting, rows: unknown) {
    let stop = false;
    try {
      await w.onRows!(rows);
      await nextTurn();
    } catch (err) {
      stop = true;
      // The reader's own error is the stream's outcome; the worker's answer is then ignored.
      const reject = w.reject;
      w.resolve = () => undefined;
      w.reject = () => undefined;
      reject(err instanceof Error ? err : new Error(String(err)));
    }
    if (!this.failure) this.worker.postMessage({ id, store: 0, op: 'next', stop });
  }

  terminate() {
    return this.worker.terminate();
  }
}

let shared: DuckDBThread | undefined;

export class DuckDBThreadStore implements AnalyticsStore {
  readonly engine = 'duckdb';
  private closing: Promise<void> | undefined;

  private constructor(
    private readonly thread: DuckDBThread,
    private readonly id: number,
    /** The id of DuckDB's thread when it runs as background work (`background`), else null. */
    readonly backgroundThread: number | null,
  ) {}

  /**
   * Opens the store at `path` (a file, or ':memory:') on the process's DuckDB thread.
   * `background`: that thread runs as background work for the scheduler (best effort).
   */
  static async open(
    path: string,
    opts: { queryTimeoutMs?: number; readers?: number; background?: boolean } = {},
  ) {
    // libuv's pool starts its threads on the first work any thread hands it, and they take that
    // thread's scheduling policy. This thread starts it (one file check) before DuckDB's thread
    // can turn to the batch policy, so the pool and the threads DuckDB starts from it keep the
    // normal one (docs/adr/0017-background-thread-policy.md).
    if (!shared) await access(fileURLToPath(WORKER_URL));
    shared ??= new DuckDBThread(new Worker(WORKER_URL, { resourceLimits: WORKER_RESOURCE_LIMITS }));
    const thread = shared;
    const id = thread.newStoreId();
    const tid = await thread.call<number | null>(id, {
      op: 'open',
      path,
      queryTimeoutMs: opts.queryTimeoutMs,
      readers: opts.readers,
      background: opts.background,
    });
    return new DuckDBThreadStore(thread, id, tid);
  }

  private call<T>(message: ThreadCall, onRows?: OnRows, signal?: AbortSignal): Promise<T> {
    if (this.closing) return Promise.reject(new Error('analytics store is closed'));
    return this.thread.call(this.id, message, onRows, signal);
  }

  /**
   * Up to SEND_SLICE rows go in one message. A larger insert is converted and sent a slice at a
   * time with the event loop free between slices (a thousand rows at once held the server's
   * thread for about 5 ms), and written as one insert once its last slice is there.
   */
  async insert(rows: EventRow[]): Promise<number> {
    const unique = dedupeBatch(rows);
    if (unique.length === 0) return 0;
    if (unique.length <= SEND_SLICE)
      return this.call({ op: 'insert', rows: unique.map(prepareRow) });
    const batch = this.thread.newBatchId();
    let last: AppendRow[];
    try {
      let i = 0;
      for (; i + SEND_SLICE < unique.length; i += SEND_SLICE) {
        if (this.closing) throw new Error('analytics store is closed');
        const slice = unique.slice(i, i + SEND_SLICE).map(prepareRow);
        this.thread.post(this.id, { op: 'stage', batch, rows: slice });
        await nextTurn();
      }
      last = unique.slice(i).map(prepareRow);
    } catch (err) {
      this.thread.post(this.id, { op: 'unstage', batch });
      throw err;
    }
    return this.call({ op: 'insert', rows: last, batch });
  }

  query<S extends QueryShape>(shape: S, opts?: QueryOptions): Promise<ResultOf<S>> {
    return this.call({ op: 'query', shape }, undefined, opts?.signal);
  }

  stream<S extends ListShape>(
    shape: S,
    onRows: (rows: ResultOf<S>) => void | Promise<void>,
  ): Promise<void> {
    return this.call({ op: 'stream', shape }, onRows as OnRows);
  }

  deleteEvents(target: EventTarget): Promise<number> {
    return this.call({ op: 'delete', target });
  }

  async ping(): Promise<void> {
    await this.call({ op: 'ping' });
  }

  close(): Promise<void> {
    this.closing ??= this.thread.failure
      ? Promise.resolve()
      : this.thread.call<void>(this.id, { op: 'close' });
    return this.closing;
  }

  /** Stops the thread under every store of the process (tests of a dead thread). */
  static async stopThread(): Promise<void> {
    await shared?.terminate();
  }
}
