import type { BuilderExchange } from '../../../lib/contracts/builder';
import { BUILDER_STORAGE_KEY } from '../../../lib/contracts/builder-constants';

/**
 * The builder's session and its calls to the API (docs/builder.md). Only the SDK's configured
 * API host is called, with the builder token as Bearer; no cookies.
 */

/**
 * The stored exchange's answer while its token is alive, else null; a dead one is removed, so
 * the next page of the tab loads no builder.
 */
export function readSession(): BuilderExchange | null {
  try {
    const session = JSON.parse(
      sessionStorage.getItem(BUILDER_STORAGE_KEY) || 'null',
    ) as BuilderExchange | null;
    if (session?.token && Date.parse(session.expires_at) > Date.now()) return session;
  } catch {
    // not JSON: as dead
  }
  clearSession();
  return null;
}

/**
 * Cancel: asks the server to revoke the token (`DELETE /v1/builder/session`), then forgets the
 * session in this tab. Best effort: the request is not awaited (`keepalive` lets it outlive the
 * tab), and a failure changes nothing here; the token then expires by itself.
 */
export function endSession(host: string, token: string): void {
  try {
    fetch(`${host}/v1/builder/session`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${token}` },
      credentials: 'omit',
      keepalive: true,
    }).catch(() => {});
  } catch {
    // no fetch: the token expires by itself
  }
  clearSession();
}

/** Ends the session in this tab: the next page of the site loads no builder. */
export function clearSession(): void {
  try {
    sessionStorage.removeItem(BUILDER_STORAGE_KEY);
  } catch {
    // storage refused: the token expires by itself
  }
}

/** A refusal carries the answer's HTTP status; a server that could not be reached has none. */
export type ApiAnswer<T> = { ok: true; data: T } | { ok: false; message: string; status?: number };

/** One call with the builder token; never rejects (a failure is a message for the bar). */
export async function callApi<T>(
  host: string,
  token: string,
  method: 'GET' | 'PUT',
  path: string,
  body?: unknown,
): Promise<ApiAnswer<T>> {
  try {
    const res = await fetch(`${host}/v1/builder/${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body !== undefined && { 'Content-Type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
      credentials: 'omit',
    });
    const json = (await res.json().catch(() => null)) as { data?: T; message?: string } | null;
    if (res.ok && json?.data !== undefined) return { ok: true, data: json.data };
    return {
      ok: false,
      message: json?.message || `The server answered ${res.status}.`,
      status: res.status,
    };
  } catch {
    return { ok: false, message: 'The Signpost server could not be reached.' };
  }
}
