import { Worker } from 'node:worker_threads';
import { WORKER_RESOURCE_LIMITS } from '../worker-limits';

/**
 * PGlite on a worker thread, behind the part of PGlite's client the ORM's driver uses: `query`
 * with a row mode, and `transaction` handing its callback a client whose queries run inside it.
 * Why: docs/adr/0013-pglite-worker-thread.md.
 */
export interface PGliteResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
}

export interface PGliteQueryable {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<PGliteResult>;
  exec(sql: string): Promise<PGliteResult[]>;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);

/** A PostgreSQL error from the other thread, with its code, detail and constraint. */
function revive(fields: Record<string, unknown>): Error {
  const err = new Error(String(fields.message));
  for (const [key, value] of Object.entries(fields)) {
    if (key !== 'message') (err as unknown as Record<string, unknown>)[key] = value;
  }
  return err;
}

export class PGliteThread implements PGliteQueryable {
  private nextId = 1;
  private nextTx = 1;
  private readonly pending = new Map<number, Pending>();
  private stopped: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (m: { id: number; value?: unknown; error?: Record<string, unknown> }) => {
      const waiting = this.pending.get(m.id);
      if (!waiting) return;
      this.pending.delete(m.id);
      if (m.error) waiting.reject(revive(m.error));
      else waiting.resolve(m.value);
    });
    const stop = (err: Error) => {
      this.stopped = err;
      for (const waiting of this.pending.values()) waiting.reject(err);
      this.pending.clear();
    };
    worker.on('error', stop);
    worker.on('exit', (code) => stop(new Error(`the database thread stopped (exit ${code})`)));
  }

  /** Starts the thread and opens the database under `dataDir` (or in memory without one). */
  static async create(dataDir?: string): Promise<PGliteThread> {
    const worker = new Worker(WORKER_URL, {
      workerData: { dataDir },
      resourceLimits: WORKER_RESOURCE_LIMITS,
    });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (m: { ready?: boolean }) => {
        if (!m.ready) return;
        worker.off('error', reject);
        worker.off('exit', onExit);
        resolve();
      };
      const onExit = (code: number) =>
        reject(new Error(`the database thread stopped while opening (exit ${code})`));
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.once('exit', onExit);
    });
    return new PGliteThread(worker);
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  query(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<PGliteResult> {
    return this.call({ op: 'query', sql, params, rowMode: options.rowMode ?? 'object' });
  }

  exec(sql: string): Promise<PGliteResult[]> {
    return this.call({ op: 'exec', sql });
  }

  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(fn: (tx: PGliteQueryable) => Promise<T>): Promise<T> {
    const tx = this.nextTx++;
    await this.call({ op: 'begin', tx });
    const client: PGliteQueryable = {
      query: (sql, params = [], options = {}) =>
        this.call({ op: 'query', tx, sql, params, rowMode: options.rowMode ?? 'object' }),
      exec: (sql) => this.call({ op: 'exec', tx, sql }),
    };
    let value: T;
    try {
      value = await fn(client);
    } catch (err) {
      await this.call({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw err;
    }
    await this.call({ op: 'end', tx, commit: true });
    return value;
  }

  async close(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.call({ op: 'close' });
    } finally {
      await this.worker.terminate();
    }
  }
}
