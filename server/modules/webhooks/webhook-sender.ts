import http from 'node:http';
import https from 'node:https';
import {
  assertLiteralAllowed,
  ForbiddenDestination,
  guardedLookup,
  type DestinationPolicy,
  type Lookup,
} from './destination-guard';
import type { WebhookHeaders } from './standard-webhooks';

/**
 * One HTTP attempt of a webhook delivery (docs/webhooks.md, "Delivery"): a POST of the JSON body
 * with the Standard Webhooks headers, at most WEBHOOK_TIMEOUT_MS from connecting to the end of the
 * answer, to an address the destination guard allows. It keeps the status, the first
 * WEBHOOK_RESPONSE_EXCERPT bytes of the answer and its Retry-After; it never throws.
 */

/** A receiver has this long to answer (connection, headers and the excerpt read). */
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** Bytes of the receiver's answer kept in the delivery log. */
export const WEBHOOK_RESPONSE_EXCERPT = 1024;

export interface AttemptResult {
  /** The receiver's status; null when no answer came (refused, timed out, unreachable). */
  status: number | null;
  /** Up to 1 KB of the answer, or why there was none. */
  excerpt: string;
  /** Seconds the receiver asked to wait (Retry-After), when it said. */
  retryAfterSeconds: number | null;
  /** The destination resolved to an address webhooks may not reach. */
  forbidden: boolean;
  durationMs: number;
}

/** Retry-After as seconds from `now`: a number of seconds or an HTTP date; null when absent or bad. */
export function retryAfterSeconds(value: string | undefined, now: Date): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

export interface AttemptInput {
  url: string;
  body: string;
  headers: WebhookHeaders;
  policy: DestinationPolicy;
  timeoutMs?: number;
  /** The resolver (tests); the system's by default. */
  resolve?: Lookup;
  now?: () => Date;
}

export function sendAttempt(input: AttemptInput): Promise<AttemptResult> {
  const started = Date.now();
  const timeoutMs = input.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const now = input.now ?? (() => new Date());
  const done = (r: Omit<AttemptResult, 'durationMs'>): AttemptResult => ({
    ...r,
    durationMs: Date.now() - started,
  });
  const failed = (err: unknown): AttemptResult =>
    done({
      status: null,
      excerpt: err instanceof Error ? err.message : String(err),
      retryAfterSeconds: null,
      forbidden: err instanceof ForbiddenDestination,
    });

  let url: URL;
  try {
    url = new URL(input.url);
    assertLiteralAllowed(url, input.policy);
  } catch (err) {
    return Promise.resolve(failed(err));
  }
  const client = url.protocol === 'https:' ? https : http;

  return new Promise((resolve) => {
    let settled = false;
    const finish = (r: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(input.body),
          'user-agent': 'Signpost-Webhooks/1',
          ...input.headers,
        },
        lookup: guardedLookup(input.policy, input.resolve) as never,
        // One socket per attempt: no pooled connection outlives the check of its address.
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const end = () => {
          res.destroy();
          finish(
            done({
              status: res.statusCode ?? null,
              excerpt: Buffer.concat(chunks).subarray(0, WEBHOOK_RESPONSE_EXCERPT).toString('utf8'),
              retryAfterSeconds: retryAfterSeconds(res.headers['retry-after'], now()),
              forbidden: false,
            }),
          );
        };
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= WEBHOOK_RESPONSE_EXCERPT) end();
        });
        res.on('end', end);
        res.on('error', end);
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`No answer within ${Math.round(timeoutMs / 1000)} s.`));
    }, timeoutMs);
    req.on('error', (err) => finish(failed(err)));
    req.end(input.body);
  });
}
