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
