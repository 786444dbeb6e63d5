import axios, { AxiosError, type AxiosRequestConfig, type InternalAxiosRequestConfig } from 'axios';
import {
  NO_NETWORK_CODE,
  NO_NETWORK_STATUS,
  NO_TOKEN_CODE,
  NO_TOKEN_STATUS,
} from '@/lib/constants';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { isPublicPath } from '@/lib/route-match';
import { clearToken, getToken } from './token';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The request needs no bearer token (sign-in, sign-up, …); a 401 answer is then the caller's. */
    skipAuth?: boolean;
  }
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

// Axios sets JSON for object bodies itself; a body-less POST (sign-out, rotate-key) must not
// claim JSON or the API refuses the empty body (guarded by a test).
export const http = axios.create({ baseURL: process.env.NEXT_PUBLIC_API_URL ?? '' });

http.interceptors.request.use((config: InternalAxiosRequestConfig) => {
  if (config.skipAuth) return config;
  const token = getToken();
  if (!token) {
    sendToSignIn();
    throw new ApiError({ message: MESSAGES.noToken, status: NO_TOKEN_STATUS, code: NO_TOKEN_CODE });
  }
  config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

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

/**
 * Turns any axios rejection into an ApiError, applying the transport rules of
 * docs/product/messages.md#http-and-transport.
 */
export function normaliseError(error: unknown): ApiError {
  if (isApiError(error)) return error;
  if (!(error instanceof AxiosError)) {
    return new ApiError({ message: MESSAGES.generic, status: NO_NETWORK_STATUS, data: null });
  }
  const response = error.response;
  if (!response) {
    return new ApiError({
      message: MESSAGES.noNetwork,
      status: NO_NETWORK_STATUS,
      data: null,
      code: NO_NETWORK_CODE,
    });
  }
  const { status, data } = response;
  const config: AxiosRequestConfig | undefined = error.config;
  const apiError = new ApiError({
    message: serverMessage(data) ?? MESSAGES.generic,
    status,
    data,
    code: serverCode(data),
  });
  if (status === 401 && !config?.skipAuth) {
    clearToken();
    sendToSignIn();
  } else if (status === 403) {
    console.error(
      '[http] access denied',
      config?.method?.toUpperCase(),
      config?.url,
      apiError.message,
    );
  } else if (status >= 500) {
    console.error(
      '[http] server error',
      status,
      config?.method?.toUpperCase(),
      config?.url,
      apiError.message,
    );
  } else {
    console.warn('[http]', status, config?.method?.toUpperCase(), config?.url, apiError.message);
  }
  return apiError;
}

http.interceptors.response.use(
  (response) => response,
  (error: unknown) => {
    // Aborted requests (React Query cancelling) are not errors a person should see.
    if (axios.isCancel(error)) return Promise.reject(error);
    return Promise.reject(normaliseError(error));
  },
);

/** Successful bodies are `{ data: payload }`; this reads the payload. */
export async function unwrap<T>(request: Promise<{ data: { data: T } }>): Promise<T> {
  const response = await request;
  return response.data.data;
}
