import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SdkMessage } from '../types';
import { testMessage } from '../testing/messages';
import { beacon, byteLength, pack, packAll, post } from './transport';

const message = (i: number, pad = 0) => testMessage(`é${i}`, { pad: 'x'.repeat(pad) });
const ids = (messages: SdkMessage[]) => messages.map((m) => m.messageId);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('pack', () => {
  it('builds the batch body and counts UTF-8 bytes, not characters', () => {
    expect(byteLength('é€😀')).toBe(2 + 3 + 4);
    const { body, count } = pack('wk_"q"', [message(1), message(2)], 10_000);
    expect(count).toBe(2);
    const parsed = JSON.parse(body) as { writeKey: string; sentAt: string; batch: SdkMessage[] };
    expect(parsed.writeKey).toBe('wk_"q"');
    expect(ids(parsed.batch)).toEqual(['é1', 'é2']);
  });

  it('stops before the byte or count limit, always taking the first message', () => {
    const messages = Array.from({ length: 10 }, (_, i) => message(i, 1000));
    const three = byteLength(pack('wk', messages.slice(0, 3), Infinity).body);
    const packed = pack('wk', messages, three + 100);
    expect(packed.count).toBe(3);
    expect(byteLength(packed.body)).toBe(three);
    expect(pack('wk', messages, three - 1).count).toBe(2);
    expect(pack('wk', messages, 100).count).toBe(1);
    expect(pack('wk', messages, 1e6, 4).count).toBe(4);
  });

  it('splits everything into bodies under the limit for beacons', () => {
    const messages = Array.from({ length: 50 }, (_, i) => message(i, 5000));
    const bodies = packAll('wk', messages, 64_000);
    expect(bodies.length).toBe(5);
    for (const b of bodies) expect(byteLength(b)).toBeLessThan(64_000);
    const all = bodies.flatMap((b) => (JSON.parse(b) as { batch: SdkMessage[] }).batch);
    expect(ids(all)).toEqual(ids(messages));
  });
});

describe('post', () => {
  it('reports status, Retry-After and the JSON body; network failures as status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 429, headers: { 'Retry-After': '7' } })),
    );
    expect(await post('/v1/batch', '{}')).toEqual({ status: 429, retryAfter: 7 });

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"accepted":2,"rejected":[]}')),
    );
    expect(await post('/v1/batch', '{}')).toEqual({
      status: 200,
      retryAfter: null,
      body: { accepted: 2, rejected: [] },
    });

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await post('/v1/batch', '{}')).toEqual({ status: 0, retryAfter: null });
  });

  it('ignores a Retry-After that is not a number of seconds', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(null, {
            status: 503,
            headers: { 'Retry-After': 'Wed, 21 Oct 2015 07:28:00 GMT' },
          }),
      ),
    );
    expect((await post('/v1/batch', '{}')).retryAfter).toBeNull();
  });
});

describe('beacon', () => {
  it('returns how many bodies the browser took, and 0 without sendBeacon', () => {
    const send = vi.fn((_url: string, body: string) => body !== 'refused');
    Object.defineProperty(navigator, 'sendBeacon', { value: send, configurable: true });
    expect(beacon('/v1/batch', ['a', 'b', 'refused', 'c'])).toBe(2);
    Object.defineProperty(navigator, 'sendBeacon', { value: undefined, configurable: true });
    expect(beacon('/v1/batch', ['a'])).toBe(0);
  });
});
