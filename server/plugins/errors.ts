import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES } from '../../lib/messages';
import { AppError } from '../errors';

interface Issue {
  instancePath: string;
  message?: string;
}

function issuesToDetails(issues: Issue[], context: string) {
  return issues.map((i) => {
    const field = i.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const isRoot = field === '' && context === 'body';
    return {
      path: field || context,
      message: isRoot ? MESSAGES.http.bodyNotObject : (i.message ?? MESSAGES.http.validation),
    };
  });
}

import { QueryTimeoutError } from '../analytics/types';

// PostgreSQL refuses NUL and untranslatable characters in text, and (22P02) a JSON value with a
// lone surrogate's escape or a value of the wrong form: that is the sender's input, never a 500.
const BAD_TEXT_CODES = new Set(['22021', '22P05', '22P02']);

function databaseCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = e.cause?.code ?? e.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** Drizzle's "Failed query … params: …" carries e-mails and hashes: log the cause, not the params. */
function redact(error: unknown) {
  const e = error as Error & { cause?: Error };
  const source = e.cause instanceof Error ? e.cause : e;
  return {
    type: e.name,
    message: source.message.split('\nparams:')[0],
    stack: source.stack?.split('\n').slice(1, 8).join('\n'),
  };
}

/** One error handler: every failure leaves as `{ message, status, code, details? }`. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ message: MESSAGES.http.notFound, status: 404, code: 'not_found' }),
  );
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send({
        message: error.message,
        status: error.status,
        code: error.code,
        ...(error.details ? { details: error.details } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = issuesToDetails(
        error.validation as Issue[],
        error.validationContext ?? 'body',
      );
      const first = details[0];
      const message =
        first && first.path !== 'body' && !first.message.includes(first.path)
          ? `${first.message}`
          : (first?.message ?? MESSAGES.http.validation);
      return reply.status(400).send({ message, status: 400, code: 'validation_error', details });
    }
    const fe = error as FastifyError;
    if (
      fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      (fe.statusCode === 400 && error instanceof SyntaxError)
    ) {
      return reply
        .status(400)
        .send({ message: MESSAGES.http.invalidJson, status: 400, code: 'invalid_json' });
    }
    if (fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply
        .status(400)
        .send({ message: MESSAGES.http.bodyNotObject, status: 400, code: 'invalid_json' });
    }
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({
        message: MESSAGES.http.unsupportedMediaType,
        status: 415,
        code: 'unsupported_media_type',
      });
    }
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply
        .status(413)
        .send({ message: MESSAGES.http.bodyTooLarge, status: 413, code: 'body_too_large' });
    }
    if (fe.statusCode === 429) {
      return reply
        .status(429)
        .send({ message: MESSAGES.auth.tooManyAttempts, status: 429, code: 'rate_limited' });
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return reply.status(fe.statusCode).send({
        message: fe.message || MESSAGES.generic,
        status: fe.statusCode,
        code: (fe.code ?? 'bad_request').toLowerCase(),
      });
    }
    const dbCode = databaseCode(error);
    // A statement past DATABASE_STATEMENT_TIMEOUT_MS (57014) or an analytics query past its limit.
    if (dbCode === '57014' || error instanceof QueryTimeoutError) {
      request.log.warn({ err: redact(error) }, 'query timed out');
      return reply
        .status(504)
        .header('retry-after', '5')
        .send({ message: MESSAGES.http.queryTimeout, status: 504, code: 'query_timeout' });
    }
    if (dbCode && BAD_TEXT_CODES.has(dbCode)) {
      return reply
        .status(400)
        .send({ message: MESSAGES.http.badCharacters, status: 400, code: 'validation_error' });
    }
    request.log.error({ err: redact(error), dbCode }, 'unhandled error');
    return reply
      .status(500)
      .send({ message: MESSAGES.generic, status: 500, code: 'internal_error' });
  });
}
