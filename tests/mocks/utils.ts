import { HttpResponse, type DefaultBodyType } from 'msw';
import type { z } from 'zod';
import { MESSAGES } from '@/lib/messages';
import { db, type MockUser } from './db';

/** Shared pieces of the mock API: the same envelope, errors and session lookup as the server. */
export function apiError(
  status: number,
  code: string,
  message: string,
  details?: { path: string; message: string }[],
) {
  return HttpResponse.json({ message, status, code, ...(details ? { details } : {}) }, { status });
}

export const ok = <T extends DefaultBodyType>(data: T, status = 200) =>
  HttpResponse.json({ data }, { status });

export type Parsed<T> = { ok: true; data: T } | { ok: false; response: Response };

export function validate<S extends z.ZodType>(schema: S, input: unknown): Parsed<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const details = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  return {
    ok: false,
    response: apiError(
      400,
      'validation_error',
      details[0]?.message ?? MESSAGES.http.validation,
      details,
    ),
  };
}

export async function body<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<Parsed<z.output<S>>> {
  let json: unknown;
  try {
    json = await request.json();
  } catch {
    return { ok: false, response: apiError(400, 'invalid_json', MESSAGES.http.invalidJson) };
  }
  return validate(schema, json);
}

export function bearer(request: Request): string {
  const header = request.headers.get('authorization') ?? '';
  return header.startsWith('Bearer ') ? header.slice(7) : '';
}

export function currentUser(request: Request): MockUser | null {
  const userId = db.sessions[bearer(request)];
  return db.users.find((u) => u.id === userId) ?? null;
}

/** Same wording as the API: no token at all, or one that no longer names a session. */
export const unauthorized = (request?: Request) =>
  apiError(
    401,
    'unauthorized',
    request && !bearer(request) ? MESSAGES.http.unauthorized : MESSAGES.auth.sessionExpired,
  );
