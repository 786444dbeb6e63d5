/** A failure a person can act on: leaves the server as `{ message, status, code, details? }`. */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly details?: { path: string; message: string }[],
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Not found.') => new AppError(404, 'not_found', message);
export const unauthorized = (message: string) => new AppError(401, 'unauthorized', message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', message, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

/** Whether `err` is PostgreSQL's error `code`, raised by the driver or wrapped by the ORM. */
const isPgError = (err: unknown, code: string) =>
  (err as { code?: string })?.code === code ||
  (err as { cause?: { code?: string } })?.cause?.code === code;

/** PostgreSQL's unique_violation (23505). */
export const isUniqueViolation = (err: unknown) => isPgError(err, '23505');

/** PostgreSQL's foreign_key_violation (23503): the row it points at was deleted meanwhile. */
export const isForeignKeyViolation = (err: unknown) => isPgError(err, '23503');

/** Runs `write`; a unique violation throws `conflict()` instead (e.g. a 409 on the taken field). */
export async function withUniqueConflict<T>(
  write: () => Promise<T>,
  conflict: () => AppError,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict();
    throw err;
  }
}
