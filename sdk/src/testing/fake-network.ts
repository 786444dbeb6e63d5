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

/** A call of the flow runtime (`/v1/flows/…`: available-flow, track, done) with its body. */
export interface FlowRequest {
  url: string;
  /** The part after `/v1/flows/`: `available-flow`, `7/track`, `7/done`. */
  path: string;
  init: RequestInit;
  body: Record<string, unknown>;
}

/** The flow runtime's answer when a test scripts none: no tour; track and done recorded. */
export function noTour(req: FlowRequest): Reply {
  if (req.path === 'available-flow') return { status: 200, body: { data: null } };
  return { status: 200, body: { data: { session_id: req.body.session_id, recorded: true } } };
}

const reply = (answer: Reply) => {
  if (answer === 'network-error') throw new TypeError('Failed to fetch');
  return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
    status: answer.status,
    headers: answer.headers,
  });
};

/**
 * Replaces `fetch` (the network edge) with a scripted server: `answer` decides each reply to
 * `/v1/batch`, `flows` each reply of the flow runtime (`/v1/flows/…`, may wait); every request is recorded
 * with its parsed body, in `requests` (batches) or `flowRequests`. Defaults: 200 accepting
 * everything, and no tour.
 */
export function fakeFetch(
  answer: (req: RecordedRequest, index: number) => Reply = accept,
  flows: (req: FlowRequest, index: number) => Reply | Promise<Reply> = noTour,
) {
  const requests: RecordedRequest[] = [];
  const flowRequests: FlowRequest[] = [];
  const fetchMock = vi.fn(async (url: string | URL | Request, init: RequestInit = {}) => {
    const path = /\/v1\/flows\/(.*)$/.exec(String(url))?.[1];
    if (path !== undefined) {
      const req: FlowRequest = {
        url: String(url),
        path,
        init,
        body: JSON.parse(String(init.body)) as Record<string, unknown>,
      };
      flowRequests.push(req);
      return reply(await flows(req, flowRequests.length - 1));
    }
    const req: RecordedRequest = {
      url: String(url),
      init,
      body: JSON.parse(String(init.body)) as BatchBody,
    };
    requests.push(req);
    return reply(answer(req, requests.length - 1));
  });
  vi.stubGlobal('fetch', fetchMock);
  /** Every event the server received, in order (duplicates included). */
  const events = () => requests.flatMap((r) => r.body.batch);
  /** The available-flow requests, in order. */
  const asks = () => flowRequests.filter((r) => r.path === 'available-flow');
  return { fetchMock, requests, events, flowRequests, asks };
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
