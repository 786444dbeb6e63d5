import type { SdkMessage } from '../types';
import { REQUEST_TIMEOUT_MS } from './constants';

/** How a request ended: an HTTP status, or 0 when the network failed. */
export interface SendResult {
  status: number;
  /** Seconds from a readable Retry-After header (the server must expose it to CORS). */
  retryAfter: number | null;
  /** Parsed JSON body of a 2xx answer, when it is JSON. */
  body?: unknown;
  /** The server's `message` of any other answer, when it has one. */
  message?: string;
}

/** One request body and how many leading messages it carries. */
export interface Packed {
  body: string;
  count: number;
}

let encoder: TextEncoder | undefined;

/** UTF-8 length: the server's limits are in bytes, not UTF-16 code units. */
export function byteLength(text: string): number {
  return (encoder ??= new TextEncoder()).encode(text).length;
}

/**
 * Packs leading messages into one `{writeKey, sentAt, batch}` body of at most `maxBytes` bytes
 * and `maxCount` messages; the first message always goes (a single event is at most 32 KB).
 */
export function pack(
  writeKey: string,
  messages: readonly SdkMessage[],
  maxBytes: number,
  maxCount = Infinity,
): Packed {
  const head = `{"writeKey":${JSON.stringify(writeKey)},"sentAt":"${new Date().toISOString()}","batch":[`;
  const parts: string[] = [];
  let size = byteLength(head) + 2;
  for (const message of messages) {
    if (parts.length >= maxCount) break;
    const json = JSON.stringify(message);
    const bytes = byteLength(json) + (parts.length ? 1 : 0);
    if (parts.length && size + bytes > maxBytes) break;
    size += bytes;
    parts.push(json);
  }
  return { body: `${head}${parts.join(',')}]}`, count: parts.length };
}

/** Splits every message into bodies each under `maxBytes`, for sendBeacon. */
export function packAll(writeKey: string, messages: readonly SdkMessage[], maxBytes: number) {
  const bodies: string[] = [];
  for (let rest = messages; rest.length;) {
    const { body, count } = pack(writeKey, rest, maxBytes);
    bodies.push(body);
    rest = rest.slice(count);
  }
  return bodies;
}

/**
 * POSTs a body as text/plain: a CORS-safelisted type, so browsers send no preflight (the server
 * parses text/plain as JSON on ingestion and flow runtime routes). Never rejects. `keepalive`
 * lets a small body (under 64 KB) outlive the page, e.g. a tour's call just before navigating.
 */
export async function post(url: string, body: string, keepalive?: boolean): Promise<SendResult> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'text/plain' },
      credentials: 'omit',
      keepalive,
      // A request that never answers would block the queue (one flush in flight at a time).
      signal: AbortSignal.timeout?.(REQUEST_TIMEOUT_MS),
    });
    const seconds = Number(res.headers.get('Retry-After'));
    const result: SendResult = {
      status: res.status,
      retryAfter: res.headers.has('Retry-After') && seconds >= 0 ? seconds : null,
    };
    if (res.ok) result.body = await res.json().catch(() => undefined);
    else {
      const message = ((await res.json().catch(() => null)) as { message?: unknown } | null)
        ?.message;
      if (typeof message === 'string') result.message = message;
    }
    return result;
  } catch {
    return { status: 0, retryAfter: null };
  }
}

/** Queues bodies with sendBeacon until the browser refuses one (its pending-beacon quota). */
export function beacon(url: string, bodies: readonly string[]): number {
  let sent = 0;
  try {
    for (const body of bodies) {
      if (!navigator.sendBeacon(url, body)) break;
      sent++;
    }
  } catch {
    // No sendBeacon (old browser) or it threw: the persisted queue goes out on the next load.
  }
  return sent;
}
