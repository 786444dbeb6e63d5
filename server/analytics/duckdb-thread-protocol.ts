/**
 * The messages between the server's thread and the DuckDB thread, and how an error crosses
 * between them (docs/adr/0015-duckdb-worker-thread.md).
 */
import { CallerGoneError, QueryTimeoutError } from './types';

/** Every request names the store it is for: one thread serves every store of the process. */
export type ThreadRequest =
  /**
   * Answered with the thread's id when it runs with the scheduler's batch policy (asked for by
   * the first open with `background`; server/lib/background-thread.ts), else null.
   */
  | {
      id: number;
      store: number;
      op: 'open';
      path: string;
      queryTimeoutMs?: number;
      /** Reader connections (server/analytics/duckdb.store.ts, DUCKDB_READERS by default). */
      readers?: number;
      background?: boolean;
    }
  /** With `batch`: the rows staged under it come first (a large insert sent in slices). */
  | { id: number; store: number; op: 'insert'; rows: unknown[]; batch?: number }
  /** Rows of an insert still being sent; not answered. */
  | { id: number; store: number; op: 'stage'; batch: number; rows: unknown[] }
  /** The insert of these staged rows was given up (a later slice held a bad value). */
  | { id: number; store: number; op: 'unstage'; batch: number }
  | { id: number; store: number; op: 'query'; shape: unknown }
  /** Answered with the number of events deleted. */
  | { id: number; store: number; op: 'delete'; target: unknown }
  /** The caller of the query `target` went away: drop it if waiting, stop it if running. */
  | { id: number; store: number; op: 'cancel'; target: number }
  /** Answered with one `{id, rows}` per slice, each waiting for a `next`, then `{id, value}`. */
  | { id: number; store: number; op: 'stream'; shape: unknown }
  /** The reader took the last slice: read the next one, or stop the stream. */
  | { id: number; store: number; op: 'next'; stop?: boolean }
  | { id: number; store: number; op: 'ping' }
  | { id: number; store: number; op: 'close' };

export type ThreadReply =
  | { id: number; value: unknown }
  | { id: number; error: PlainError }
  | { id: number; rows: unknown };

/** A request before it is numbered and addressed. */
export type ThreadCall = ThreadRequest extends infer R
  ? R extends ThreadRequest
    ? Omit<R, 'id' | 'store'>
    : never
  : never;

export interface PlainError {
  name: string;
  message: string;
  stack?: string;
  /** DuckDB's or the system's error code, when there is one. */
  code?: string;
  /** QueryTimeoutError's limit. */
  ms?: number;
}

/** What decides how an error is answered (its kind, code, limit), as values a message can carry. */
export function plainError(err: unknown): PlainError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err) };
  const out: PlainError = { name: err.name, message: err.message, stack: err.stack };
  const { code } = err as { code?: unknown };
  if (typeof code === 'string') out.code = code;
  if (err instanceof QueryTimeoutError) {
    out.name = 'QueryTimeoutError';
    out.ms = err.ms;
  }
  return out;
}

/**
 * The error again, of the class the callers test for: QueryTimeoutError (504), CallerGoneError,
 * TypeError and
 * RangeError (data errors, isDataError in batcher.ts), else an Error with its code.
 */
export function reviveError(plain: PlainError): Error {
  let err: Error;
  if (plain.name === 'QueryTimeoutError') err = new QueryTimeoutError(plain.ms ?? 0);
  else if (plain.name === 'CallerGoneError') err = new CallerGoneError();
  else if (plain.name === 'TypeError') err = new TypeError(plain.message);
  else if (plain.name === 'RangeError') err = new RangeError(plain.message);
  else {
    err = new Error(plain.message);
    if (plain.name !== 'Error') err.name = plain.name;
  }
  if (plain.code !== undefined) (err as Error & { code?: string }).code = plain.code;
  if (plain.stack) err.stack = plain.stack;
  return err;
}
