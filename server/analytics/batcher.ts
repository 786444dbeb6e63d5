import type { AnalyticsStore, EventRow } from './types';

/** The batcher holds too many events: the caller answers 429 with Retry-After. */
export class OverloadedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('ingestion overloaded');
  }
}
/** The store (or the profile update after it) failed: nothing was acknowledged; answer 503. */
export class StoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super('analytics store unavailable', { cause });
  }
}

/**
 * An error caused by the values written, not by the store's health: SQLSTATE classes 22 (data
 * exception) and 54 (program limit exceeded) anywhere in the cause chain, or a TypeError /
 * RangeError raised while converting a row. Writing the same values again cannot succeed.
 */
export function isDataError(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; depth++) {
    if (e instanceof TypeError || e instanceof RangeError) return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^(22|54)[0-9A-Z]{3}$/.test(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Rows of one request plus what the post-commit step needs to know about their tenant. */
export interface Submission {
  rows: EventRow[];
  ownerId: string;
  /**
   * Events the server derives from the visitor's own activity (the flow runtime's): stored and
   * shown like any other, but they update no profile and count no usage, which the visitor's
   * page views already did.
   */
  derived?: boolean;
  /** About how much memory the rows hold (approxRowBytes); bounds the queue in bytes too. */
  bytes?: number;
}

/** About the bytes one row holds in the queue and on disk: its text, plus a fixed part. */
export const approxRowBytes = (r: EventRow): number =>
  256 +
  (r.propertiesJson?.length ?? 0) +
  (r.contextJson?.length ?? 0) +
  (r.url?.length ?? 0) +
  (r.referrer?.length ?? 0);

/** Bytes the queue may hold by default (INGEST_MAX_PENDING_BYTES). */
export const DEFAULT_MAX_PENDING_BYTES = 256 * 1024 * 1024;

export interface BatcherOptions {
  store: AnalyticsStore;
  /** Largest number of rows written by one store insert. */
  maxBatchRows?: number;
  /** Rows waiting (queued + in flight) above which new submissions are refused. */
  maxPendingRows?: number;
  /** Rows one account may have waiting (default: a quarter of maxPendingRows). */
  maxOwnerRows?: number;
  /**
   * Bytes (Submission.bytes) waiting above which new submissions are refused; one account may
   * hold a quarter of it, as for rows.
   */
  maxPendingBytes?: number;
  /**
   * Runs after each store commit with every submission of the batch (also rows the store
   * skipped as duplicates, so it must be idempotent). When it fails for a group, each
   * submission is written again alone; only those failing alone are rejected, and the clients'
   * retries run them again.
   */
  afterCommit?: (batch: Submission[]) => Promise<void>;
  /** Fire-and-forget notification of committed rows (live tail); errors are ignored. */
  onCommitted?: (rows: EventRow[]) => void;
}

interface Pending extends Submission {
  resolve: () => void;
  reject: (err: unknown) => void;
}

export interface Batcher {
  /** Resolves once the rows are durable in the store and the post-commit step is done. */
  submit(submission: Submission): Promise<void>;
  /** Rows queued or being written. */
  pending(): number;
  /** Waits until everything submitted so far is written (or failed). */
  drain(): Promise<void>;
  /** Refuses new submissions and drains. */
  close(): Promise<void>;
}

/**
 * Group commit: while one store insert runs, new requests queue up; the next insert takes all
 * of them at once. An idle server writes a lone request immediately; a busy one writes in bulk,
 * which is what keeps DuckDB and ClickHouse fast (single-row inserts run at ~1k rows/s).
 *
 * Tenants are kept apart (docs/tracking.md, "Limits and fair use"):
 * - each account may hold at most `maxOwnerRows` pending rows (a quarter of the queue by default),
 *   so one flooding account gets 429 while the others still have room;
 * - a batch takes the accounts' requests round-robin, so another account's request rides the next
 *   batch instead of waiting behind a flood;
 * - when a grouped write fails, each request of the group is written again on its own, so a
 *   request that cannot be written fails alone (re-writing is safe: rows are deduplicated by
 *   messageId and the post-commit step is idempotent).
 */
export function createBatcher(opts: BatcherOptions): Batcher {
  const maxBatchRows = opts.maxBatchRows ?? 5_000;
  const maxPendingRows = opts.maxPendingRows ?? 200_000;
  const maxOwnerRows = opts.maxOwnerRows ?? Math.max(1, Math.floor(maxPendingRows / 4));
  /** Per-account FIFO queues; Map order is the round-robin order. */
  const queues = new Map<string, Pending[]>();
  const ownerRows = new Map<string, number>();
  const maxPendingBytes = opts.maxPendingBytes ?? DEFAULT_MAX_PENDING_BYTES;
  const maxOwnerBytes = Math.max(1, Math.floor(maxPendingBytes / 4));
  /** Bytes queued or being written, in all and per account. */
  let pendingBytes = 0;
  const ownerBytes = new Map<string, number>();
  let queuedRows = 0;
  let inFlightRows = 0;
  let running: Promise<void> | null = null;
  let closed = false;

  const takeBatch = (): Pending[] => {
    const batch: Pending[] = [];
    let rows = 0;
    let full = false;
    while (queues.size > 0 && !full) {
      for (const [owner, list] of [...queues]) {
        const next = list[0]!;
        if (batch.length > 0 && rows + next.rows.length > maxBatchRows) {
          full = true;
          break;
        }
        list.shift();
        // Moved to the back: the next batch starts with the accounts this one did not reach.
        queues.delete(owner);
        if (list.length > 0) queues.set(owner, list);
        batch.push(next);
        rows += next.rows.length;
      }
    }
    queuedRows -= rows;
    inFlightRows = rows;
    return batch;
  };

  const release = (p: Pending) => {
    const left = (ownerRows.get(p.ownerId) ?? 0) - p.rows.length;
    if (left > 0) ownerRows.set(p.ownerId, left);
    else ownerRows.delete(p.ownerId);
    const bytes = p.bytes ?? 0;
    pendingBytes -= bytes;
    const leftBytes = (ownerBytes.get(p.ownerId) ?? 0) - bytes;
    if (leftBytes > 0) ownerBytes.set(p.ownerId, leftBytes);
    else ownerBytes.delete(p.ownerId);
  };

  const write = async (batch: Pending[]) => {
    const rows = batch.length === 1 ? batch[0]!.rows : batch.flatMap((p) => p.rows);
    await opts.store.insert(rows);
    await opts.afterCommit?.(batch);
    for (const p of batch) p.resolve();
    try {
      opts.onCommitted?.(rows);
    } catch {
      // Notifications never affect acknowledgement.
    }
  };

  /**
   * After a grouped write failed: each request on its own. A request refused for its own values
   * fails alone; an outage (any other error) fails the rest at once instead of waiting out one
   * timeout per request.
   */
  const writeAlone = async (batch: Pending[]) => {
    for (let i = 0; i < batch.length; i++) {
      const p = batch[i]!;
      try {
        await write([p]);
      } catch (own) {
        p.reject(new StoreUnavailableError(own));
        if (!isDataError(own)) {
          for (const rest of batch.slice(i + 1)) rest.reject(new StoreUnavailableError(own));
          return;
        }
      }
    }
  };

  const writeBatch = async (batch: Pending[]) => {
    try {
      await write(batch);
    } catch (err) {
      if (batch.length === 1) batch[0]!.reject(new StoreUnavailableError(err));
      else await writeAlone(batch);
    } finally {
      for (const p of batch) release(p);
      inFlightRows = 0;
    }
  };

  const loop = async () => {
    while (queues.size > 0) await writeBatch(takeBatch());
    running = null;
  };

  return {
    submit(submission) {
      if (closed) return Promise.reject(new StoreUnavailableError(new Error('shutting down')));
      const n = submission.rows.length;
      if (n === 0) return Promise.resolve();
      const own = ownerRows.get(submission.ownerId) ?? 0;
      // An account with nothing pending may always send one request (up to the whole queue).
      if (queuedRows + inFlightRows + n > maxPendingRows || (own > 0 && own + n > maxOwnerRows))
        return Promise.reject(new OverloadedError(1));
      const bytes = submission.bytes ?? 0;
      const ownBytes = ownerBytes.get(submission.ownerId) ?? 0;
      if (
        pendingBytes + bytes > maxPendingBytes ||
        (ownBytes > 0 && ownBytes + bytes > maxOwnerBytes)
      )
        return Promise.reject(new OverloadedError(1));
      return new Promise<void>((resolve, reject) => {
        const list = queues.get(submission.ownerId);
        const pending = { ...submission, resolve, reject };
        if (list) list.push(pending);
        else queues.set(submission.ownerId, [pending]);
        ownerRows.set(submission.ownerId, own + n);
        if (bytes > 0) ownerBytes.set(submission.ownerId, ownBytes + bytes);
        pendingBytes += bytes;
        queuedRows += n;
        running ??= loop();
      });
    },
    pending: () => queuedRows + inFlightRows,
    async drain() {
      while (running) await running;
    },
    async close() {
      closed = true;
      while (running) await running;
    },
  };
}
