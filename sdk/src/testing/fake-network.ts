import { vi } from 'vitest';
import type { SdkMessage } from '../types';

/** A POST /v1/batch body as the server receives it. */
export interface BatchBody {
  writeKey: string;
  sentAt: string;
  batch: SdkMessage[];
}

/** A scripted answer: an HTTP reply, or a network failure. */
export type Reply =
  { status: number; headers?: Record<string, string>; body?: unknown } | 'network-error';

export interface RecordedRequest {
  url: string;
  init: RequestInit;
  body: BatchBody;
}

/**
 * Replaces `fetch` (the network edge) with a scripted server: `answer` decides each reply,
 * every request is recorded with its parsed body. Default: 200 accepting everything.
 */
export function fakeFetch(answer: (req: RecordedRequest, index: number) => Reply = accept) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (url: string | URL | Request, init: RequestInit = {}) => {
    const req: RecordedRequest = {
      url: String(url),
      init,
      body: JSON.parse(String(init.body)) as BatchBody,
    };
    requests.push(req);
    const reply = answer(req, requests.length - 1);
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: reply.headers,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  /** Every event the server received, in order (duplicates included). */
  const events = () => requests.flatMap((r) => r.body.batch);
  return { fetchMock, requests, events };
}

export function accept(req: RecordedRequest): Reply {
  return { status: 200, body: { accepted: req.body.batch.length, rejected: [] } };
}

/** Replaces `navigator.sendBeacon`; records each body and returns `accepts(body)`. */
export function fakeBeacon(accepts: (body: string) => boolean = () => true) {
  const bodies: string[] = [];
  const beaconMock = vi.fn((_url: string | URL, data?: BodyInit | null) => {
    bodies.push(String(data));
    return accepts(String(data));
  });
  Object.defineProperty(navigator, 'sendBeacon', { value: beaconMock, configurable: true });
  return { beaconMock, bodies };
}

/** Lets fetch promises and the SDK's handlers of them run (fake timers keep real microtasks). */
export async function settle(ms = 0): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  for (let i = 0; i < 5; i++) await Promise.resolve();
}
