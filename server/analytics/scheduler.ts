import { AsyncLocalStorage } from 'node:async_hooks';
import { MESSAGES } from '../../lib/messages';
import { AppError, tooManyRequests } from '../errors';
import { CallerGoneError, type AnalyticsStore, type QueryOptions, type QueryShape } from './types';

/**
 * Analytics reads are scheduled, not queued blindly (docs/reports.md, "Sharing the analytics
 * engine"): at most `perAccount` reads of one account run at once, at most `global` of all
 * accounts (below the engine's pool of reader connections), and each account may queue
 * `queuePerAccount` more. Past that the read is refused with a 429. A queued read whose caller
 * has gone (request closed) is dropped without ever starting.
 */
export interface SchedulerLimits {
  perAccount: number;
  global: number;
  queuePerAccount: number;
  /** Every account's queued reads together (bounds memory whatever the number of accounts). */
  queueTotal: number;
  /** Seconds a refused caller is told to wait (`Retry-After`). */
  retryAfterSeconds: number;
}

/**
 * Two reads of an account at once, three in all: a DuckDB reader connection is left for the
 * reads that do not come from an account (the tour runtime) and the pool is never all taken by
 * one tenant. A trend of 10 series asks for at most 10 reads at a time and a browser sends six
 * requests at once, so 64 queued places hold a dashboard of worst-case cards loading together;
 * a queued read is a few hundred bytes, so 4,096 in all bound memory without refusing a quiet
 * account because 16 busy ones filled the queue.
 */
export const DEFAULT_SCHEDULER_LIMITS: SchedulerLimits = {
  perAccount: 2,
  global: 3,
  queuePerAccount: 64,
  queueTotal: 4_096,
  retryAfterSeconds: 2,
};

/** Who is asking: the signed-in account and the request's signal (aborted when it closes). */
export interface AnalyticsCaller {
  account: string;
  signal?: AbortSignal;
  /**
   * Counts the request against its user's limit (server/plugins/user-rate-limit.ts): called once,
   * at the request's first read; a rejection refuses that read and every later one.
   */
  admit?: () => Promise<void>;
  /** The outcome of `admit`, once asked. */
  admitted?: Promise<void>;
  /** Aborted when one read of the request is refused: its other queued reads are then dropped. */
  request?: AbortController;
}

/** The caller of the analytics reads made in this async context (set per authenticated request). */
export const analyticsCaller = new AsyncLocalStorage<AnalyticsCaller>();

export { CallerGoneError };

interface Entry {
  account: string;
  start: () => void;
  drop: (err: Error) => void;
}

export class AnalyticsScheduler {
  private running = 0;
  private queued = 0;
  private readonly runningOf = new Map<string, number>();
  /** Queued reads per account, in arrival order; accounts are served in turn. */
  private readonly queues = new Map<string, Entry[]>();
  /** When each account with reads running or queued last started one (a counter). */
  private readonly lastStart = new Map<string, number>();
  /** Reads started since creation (tests count them). */
  started = 0;

  constructor(
    readonly limits: SchedulerLimits = DEFAULT_SCHEDULER_LIMITS,
    /** What a refused caller is told (the 429's message). */
    private readonly busy: string = MESSAGES.http.analyticsBusy,
  ) {}

  /** Reads running and queued now, in all and for one account. */
  load(account?: string) {
    if (account === undefined) return { running: this.running, queued: this.queued };
    return {
      running: this.runningOf.get(account) ?? 0,
      queued: this.queues.get(account)?.length ?? 0,
    };
  }

  /**
   * Runs `work` once the account and the pool have room. Rejects with a 429 AppError when the
   * account's queue (or everyone's) is full, and with CallerGoneError when `signal` aborts
   * before the read started (the work is then never called).
   */
  run<T>(account: string, signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
    if (signal?.aborted) return Promise.reject(new CallerGoneError());
    return new Promise<T>((resolve, reject) => {
      const begin = () => {
        this.running++;
        this.runningOf.set(account, (this.runningOf.get(account) ?? 0) + 1);
        this.lastStart.set(account, ++this.started);
        let result: Promise<T>;
        try {
          result = work();
        } catch (err) {
          result = Promise.reject(err);
        }
        void result
          .finally(() => {
            this.running--;
            const left = (this.runningOf.get(account) ?? 1) - 1;
            if (left > 0) this.runningOf.set(account, left);
            else {
              this.runningOf.delete(account);
              if (!this.queues.has(account)) this.lastStart.delete(account);
            }
            this.pump();
          })
          .then(resolve, reject);
      };
      if (this.hasRoom(account) && !this.queues.has(account)) {
        begin();
        return;
      }
      const mine = this.queues.get(account)?.length ?? 0;
      if (mine >= this.limits.queuePerAccount || this.queued >= this.limits.queueTotal) {
        reject(tooManyRequests(this.busy, this.limits.retryAfterSeconds));
        return;
      }
      const onAbort = () => {
        if (this.remove(entry)) reject(new CallerGoneError());
      };
      const entry: Entry = {
        account,
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          begin();
        },
        drop: reject,
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const queue = this.queues.get(account);
      if (queue) queue.push(entry);
      else this.queues.set(account, [entry]);
      this.queued++;
      this.pump();
    });
  }

  private hasRoom(account: string) {
    return (
      this.running < this.limits.global &&
      (this.runningOf.get(account) ?? 0) < this.limits.perAccount
    );
  }

  private remove(entry: Entry): boolean {
    const queue = this.queues.get(entry.account);
    const i = queue?.indexOf(entry) ?? -1;
    if (!queue || i < 0) return false;
    queue.splice(i, 1);
    if (queue.length === 0) {
      this.queues.delete(entry.account);
      if (!this.runningOf.has(entry.account)) this.lastStart.delete(entry.account);
    }
    this.queued--;
    return true;
  }

  /**
   * Starts queued reads while there is room. The next place goes to the account with the fewest
   * reads running, then to the one that started a read longest ago: a fan-out of one account
   * never keeps another waiting behind it.
   */
  private pump() {
    while (this.running < this.limits.global && this.queued > 0) {
      let next: Entry | undefined;
      let best: [number, number] | undefined;
      for (const [account, queue] of this.queues) {
        if (!this.hasRoom(account)) continue;
        const key: [number, number] = [
          this.runningOf.get(account) ?? 0,
          this.lastStart.get(account) ?? 0,
        ];
        if (!best || key[0] < best[0] || (key[0] === best[0] && key[1] < best[1])) {
          best = key;
          next = queue[0];
        }
      }
      if (!next) return;
      this.remove(next);
      next.start();
    }
  }
}

/** DuckDB's binder refuses the statement: a report the engine cannot compute, not a crash. */
function isBinderError(err: unknown): boolean {
  const message = (err as { message?: unknown })?.message;
  return typeof message === 'string' && /^Binder Error\b/.test(message);
}

/** ClickHouse stopped a read at max_memory_usage (241) or max_result_rows (396). */
function isTooLarge(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return code === '241' || code === '396';
}

/**
 * Runs `work` through `scheduler` as the current request's account (`analyticsCaller`), with its
 * signal and its user's rate limit; outside a request it runs straight away. A refused run fails
 * the request's other queued runs too; a caller gone before its turn answers 499.
 */
export async function runAsCaller<T>(
  scheduler: AnalyticsScheduler,
  work: () => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  const caller = analyticsCaller.getStore();
  try {
    if (!caller) return await work();
    if (caller.admit) await (caller.admitted ??= caller.admit());
    // A queued run starts when another's ends, in that one's async context: bind it to its own.
    return await scheduler.run(
      caller.account,
      signal ?? caller.signal,
      AsyncLocalStorage.bind(work),
    );
  } catch (err) {
    // One refused read fails the request: its other queued reads are not worth running.
    if (err instanceof AppError && err.status === 429) caller?.request?.abort();
    // The client went away: nobody reads the answer, and it is no server error to log.
    if (err instanceof CallerGoneError)
      throw new AppError(499, 'client_closed', MESSAGES.http.clientClosed);
    throw err;
  }
}

/**
 * The store the authenticated routes read through: reads made inside an account's request
 * (`analyticsCaller`) go through the scheduler with the request's signal; other reads (the tour
 * runtime, jobs) go straight to the store. Writes are not scheduled.
 */
export function scheduledStore(
  store: AnalyticsStore,
  scheduler: AnalyticsScheduler,
): AnalyticsStore {
  const read = async <S extends QueryShape>(shape: S, opts?: QueryOptions) => {
    const caller = analyticsCaller.getStore();
    const signal = opts?.signal ?? caller?.signal;
    // An account's reads take the reports lane; others (no caller) keep theirs.
    const lane = caller ? ({ lane: 'reports' } as const) : {};
    try {
      return await runAsCaller(
        scheduler,
        () => store.query(shape, { ...opts, signal, ...lane }),
        signal,
      );
    } catch (err) {
      if (isBinderError(err))
        throw new AppError(400, 'unanswerable_report', MESSAGES.http.analyticsRefused);
      if (isTooLarge(err))
        throw new AppError(400, 'report_too_large', MESSAGES.http.analyticsTooLarge);
      throw err;
    }
  };
  return {
    engine: store.engine,
    insert: (rows) => store.insert(rows),
    deleteEvents: (target) => store.deleteEvents(target),
    query: read as AnalyticsStore['query'],
    ...(store.stream ? { stream: store.stream.bind(store) } : {}),
    ping: () => store.ping(),
    close: () => store.close(),
  } satisfies AnalyticsStore as AnalyticsStore;
}

/**
 * Runs `next` with the analytics caller of an authenticated request: its account, a signal
 * aborted when the client goes away before the answer is sent, and the user's rate limit.
 */
export function withAnalyticsCaller(
  account: string,
  raw: { once(event: 'close', listener: () => void): unknown; writableFinished: boolean },
  next: () => void,
  admit?: () => Promise<void>,
) {
  const request = new AbortController();
  raw.once('close', () => {
    if (!raw.writableFinished) request.abort();
  });
  analyticsCaller.run({ account, signal: request.signal, request, admit }, next);
}
