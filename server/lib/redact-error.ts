import pino from 'pino';

/**
 * Errors as the log writes them, without the values a query was sent with. Drizzle's "Failed
 * query: … params: …" carries user ids, visitor ids, e-mails and hashes; PostgreSQL's `detail`
 * repeats the offending values ("Key (email)=(…) already exists"). The log keeps the query text,
 * the error's code and where it happened.
 */
export function redactError(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  return scrub(pino.stdSerializers.errWithCause(err) as unknown as Record<string, unknown>, 0);
}

/** Cut the "\nparams: …" part of a Drizzle message, in a message or a stack. */
function withoutParams(text: string): string {
  const at = text.indexOf('\nparams:');
  if (at < 0) return text;
  // In a stack the frames follow the message: keep them.
  const frames = text.indexOf('\n    at ', at);
  return text.slice(0, at) + (frames >= 0 ? text.slice(frames) : '');
}

function scrub(o: Record<string, unknown>, depth: number): Record<string, unknown> {
  delete o.params;
  delete o.parameters;
  delete o.detail;
  if (typeof o.message === 'string') o.message = withoutParams(o.message);
  if (typeof o.stack === 'string') o.stack = withoutParams(o.stack);
  if (o.cause && typeof o.cause === 'object' && depth < 5)
    o.cause = scrub(o.cause as Record<string, unknown>, depth + 1);
  return o;
}

/** An error as pino writes it. */
type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

/** The serializers of every logger of the server: `err` goes through redactError. */
export const LOG_SERIALIZERS = {
  err: (err: Error) => redactError(err) as SerializedError,
};
