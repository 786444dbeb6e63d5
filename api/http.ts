import {
  NO_NETWORK_CODE,
  NO_NETWORK_STATUS,
  NO_TOKEN_CODE,
  NO_TOKEN_STATUS,
} from '@/lib/constants';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { publicEnv } from '@/lib/public-env';
import { isPublicPath } from '@/lib/route-match';
import { clearToken, getToken } from './token';

/** Options of one call. */
export interface RequestConfig {
  /** Query string values; undefined and null are left out. */
  params?: object;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** The request needs no bearer token (sign-in, sign-up, …); a 401 answer is then the caller's. */
  skipAuth?: boolean;
}

/** What a call resolves to: the parsed body (successful bodies are `{ data: payload }`). */
export interface HttpResponse<T> {
  data: T;
  status: number;
}

/**
 * The one error shape every service call rejects with
 * (docs/product/messages.md#http-and-transport).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;
  /** The server's machine-readable `code`, when it sent one. */
  readonly code: string | undefined;

  constructor(init: { message: string; status: number; data?: unknown; code?: string }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.data = init.data ?? null;
    this.code = init.code;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The message to show a person for any rejection. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) return error.message;
  return MESSAGES.generic;
}

type Redirect = (path: string) => void;
let redirect: Redirect = (path) => {
  if (typeof window !== 'undefined') window.location.assign(path);
};

/**
 * Lets the app route with its router instead of a full page load. The app's function also
 * ignores repeated calls while one trip to /sign-in is under way (401, logout and the guard
 * can all ask at once; the first one decides the URL).
 */
export function setAuthRedirect(fn: Redirect): void {
  redirect = fn;
}

/** Sends the browser to the sign-in page through the registered redirect. */
export function redirectToSignIn(path: string = paths.signIn()): void {
  redirect(path);
}

/** /sign-in?next=<here>, or plain /sign-in from the root. */
export function signInPathFor(here: string): string {
  return here === '/' || here.startsWith(paths.signIn())
    ? paths.signIn()
    : `${paths.signIn()}?next=${encodeURIComponent(here)}`;
}

function sendToSignIn(): void {
  if (typeof window === 'undefined') return;
  if (isPublicPath(window.location.pathname)) return;
  redirectToSignIn(signInPathFor(`${window.location.pathname}${window.location.search}`));
}

function serverMessage(data: unknown): string | undefined {
  if (
    data &&
    typeof data === 'object' &&
    'message' in data &&
    typeof data.message === 'string' &&
    data.message
  ) {
    return data.message;
  }
  return undefined;
}

function serverCode(data: unknown): string | undefined {
  if (data && typeof data === 'object' && 'code' in data && typeof data.code === 'string')
    return data.code;
  return undefined;
}

/** Why a request got no answer: the network failed before a response came. */
class TransportError extends Error {}

/** A non-2xx answer, before it becomes an ApiError. */
interface FailedResponse {
  status: number;
  data: unknown;
  method: string;
  url: string;
  skipAuth: boolean;
}

const failedResponses = new WeakSet<object>();
function isFailedResponse(e: unknown): e is FailedResponse {
  return typeof e === 'object' && e !== null && failedResponses.has(e);
}

/**
 * Turns any failure into an ApiError, applying the transport rules of
 * docs/product/messages.md#http-and-transport.
 */
export function normaliseError(error: unknown): ApiError {
  if (isApiError(error)) return error;
  if (error instanceof TransportError)
    return new ApiError({
      message: MESSAGES.noNetwork,
      status: NO_NETWORK_STATUS,
      data: null,
      code: NO_NETWORK_CODE,
    });
  if (!isFailedResponse(error))
    return new ApiError({ message: MESSAGES.generic, status: NO_NETWORK_STATUS, data: null });
  const { status, data, method, url } = error;
  const apiError = new ApiError({
    message: serverMessage(data) ?? MESSAGES.generic,
    status,
    data,
    code: serverCode(data),
  });
  if (status === 401 && !error.skipAuth) {
    clearToken();
    sendToSignIn();
  } else if (status === 403) {
    console.error('[http] access denied', method, url, apiError.message);
  } else if (status >= 500) {
    console.error('[http] server error', status, method, url, apiError.message);
  } else {
    console.warn('[http]', status, method, url, apiError.message);
  }
  return apiError;
}

/** One query value as text: Dates as ISO 8601, objects as JSON. */
const queryText = (v: unknown) =>
  v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : String(v);

/**
 * The URL of an API path. Only the API's own origin: a path that would resolve elsewhere (an
 * absolute or protocol-relative URL) is refused, so the bearer token never leaves for another host.
 */
function urlOf(path: string, params: RequestConfig['params']): URL {
  const origin = typeof window !== 'undefined' ? window.location.origin : 'http://localhost';
  const base = new URL(publicEnv.apiUrl() || origin);
  const url = new URL(path, base);
  if (url.origin !== base.origin) throw new Error(`refusing a request to another origin: ${path}`);
  for (const [key, value] of Object.entries(params ?? {}) as [string, unknown][]) {
    if (value === undefined || value === null) continue;
    // Arrays as repeated `key[]` entries, the way axios sent them.
    if (Array.isArray(value))
      value.forEach((v) => url.searchParams.append(`${key}[]`, queryText(v)));
    else url.searchParams.set(key, queryText(value));
  }
  return url;
}

async function parseBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  if (!(res.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function request<T>(
  method: string,
  path: string,
  body: unknown,
  config: RequestConfig = {},
): Promise<HttpResponse<T>> {
  const headers = new Headers(config.headers);
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  if (!config.skipAuth) {
    const token = getToken();
    if (!token) {
      sendToSignIn();
      throw new ApiError({
        message: MESSAGES.noToken,
        status: NO_TOKEN_STATUS,
        code: NO_TOKEN_CODE,
      });
    }
    headers.set('authorization', `Bearer ${token}`);
  }
  // A body-less POST (sign-out, rotate-key) must not claim JSON, or the API refuses the empty
  // body (guarded by a test).
  if (body !== undefined) headers.set('content-type', 'application/json');
  let res: Response;
  try {
    res = await fetch(urlOf(path, config.params), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: config.signal,
    });
  } catch (err) {
    // Aborted requests (React Query cancelling) are not errors a person should see.
    if (config.signal?.aborted) throw err;
    throw normaliseError(new TransportError(String(err)));
  }
  let data: unknown;
  try {
    data = await parseBody(res);
  } catch (err) {
    if (config.signal?.aborted) throw err;
    throw normaliseError(new TransportError(String(err)));
  }
  if (!res.ok) {
    const failed: FailedResponse = {
      status: res.status,
      data,
      method,
      url: path,
      skipAuth: Boolean(config.skipAuth),
    };
    failedResponses.add(failed);
    throw normaliseError(failed);
  }
  return { data: data as T, status: res.status };
}

/**
 * The dashboard's one HTTP client: the bearer token from storage, JSON in and out, every failure
 * an ApiError. Built on fetch: no HTTP library in the bundle.
 */
export const http = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- callers narrow with unwrap<T>
  get: <T = any>(path: string, config?: RequestConfig) =>
    request<T>('GET', path, undefined, config),
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  delete: <T = any>(path: string, config?: RequestConfig) =>
    request<T>('DELETE', path, undefined, config),
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  post: <T = any>(path: string, body?: unknown, config?: RequestConfig) =>
    request<T>('POST', path, body, config),
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  put: <T = any>(path: string, body?: unknown, config?: RequestConfig) =>
    request<T>('PUT', path, body, config),
};

/** Successful bodies are `{ data: payload }`; this reads the payload. */
export async function unwrap<T>(request: Promise<{ data: { data: T } }>): Promise<T> {
  const response = await request;
  return response.data.data;
}
