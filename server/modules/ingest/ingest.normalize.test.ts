import { describe, expect, it } from 'vitest';
import { IDENTIFY_EVENT, PAGE_EVENT } from '../../analytics/types';
import { normalizeAll, normalizeMessage, sanitize, type RequestFacts } from './ingest.normalize';
import { parseUserAgent } from './user-agent';

const facts = (extra: Partial<RequestFacts> = {}): RequestFacts => ({
  brandId: 7,
  receivedAt: Date.parse('2026-11-21T12:00:00Z'),
  sentAt: undefined,
  context: {},
  userAgent: null,
  country: null,
  ...extra,
});

describe('normalizeMessage', () => {
  it('maps track, page and identify to stored rows with enrichment', () => {
    const track = normalizeMessage(
      {
        type: 'track',
        event: ' Clicked ',
        userId: 42,
        properties: { url: 'https://a.example/x?y=1' },
      },
      facts(),
    );
    expect(track).toMatchObject({
      brandId: 7,
      event: 'Clicked',
      userId: '42',
      customerKey: '42',
      path: '/x',
    });
    expect(track.messageId).toMatch(/^[0-9a-f-]{36}$/);
    const page = normalizeMessage({ anonymousId: 'a', name: 'Pricing' }, facts(), 'page');
    expect(page).toMatchObject({
      event: PAGE_EVENT,
      customerKey: 'a',
      properties: { name: 'Pricing' },
    });
    const identify = normalizeMessage(
      { userId: 'u', traits: { email: 'e@x.io' } },
      facts(),
      'identify',
    );
    expect(identify).toMatchObject({ event: IDENTIFY_EVENT, properties: { email: 'e@x.io' } });
  });

  it('shifts timestamps by the client clock skew and clamps the far future', () => {
    const f = facts();
    const skewed = normalizeMessage(
      {
        type: 'track',
        event: 'e',
        anonymousId: 'a',
        timestamp: '2026-11-21T13:59:00Z',
        sentAt: '2026-11-21T14:00:00Z',
      },
      f,
    );
    expect(skewed.timestamp.toISOString()).toBe('2026-11-21T11:59:00.000Z');
    const future = normalizeMessage(
      { type: 'track', event: 'e', anonymousId: 'a', timestamp: '2026-11-23T12:00:00Z' },
      f,
    );
    expect(future.timestamp.toISOString()).toBe('2026-11-21T12:00:00.000Z');
    const within = normalizeMessage(
      { type: 'track', event: 'e', anonymousId: 'a', timestamp: '2026-11-22T10:00:00Z' },
      f,
    );
    expect(within.timestamp.toISOString()).toBe('2026-11-22T10:00:00.000Z');
  });

  it('rejects each bad message with a code and keeps the others', () => {
    const { rows, rejected } = normalizeAll(
      [
        { type: 'track', event: 'ok', anonymousId: 'a' },
        { type: 'alias', anonymousId: 'a' },
        { type: 'track', event: 'e' },
        { type: 'track', event: 'e', anonymousId: 'a', properties: [1] },
        { type: 'track', event: 'e', anonymousId: { id: 1 } },
      ],
      facts(),
    );
    expect(rows).toHaveLength(1);
    expect(rejected.map((r) => [r.index, r.code])).toEqual([
      [1, 'invalid_type'],
      [2, 'missing_id'],
      [3, 'invalid_field'],
      [4, 'invalid_field'],
    ]);
  });
});

describe('sanitize', () => {
  it('drops prototype keys, refuses lone surrogates, NUL and nesting deeper than 32', () => {
    const parsed = JSON.parse(
      '{"__proto__":{"x":1},"constructor":1,"prototype":2,"a":{"b":[1,"c"]}}',
    );
    expect(sanitize(parsed)).toEqual({ a: { b: [1, 'c'] } });
    expect(() => sanitize({ s: '\ud800' })).toThrow();
    expect(() => sanitize({ s: 'a\u0000b' })).toThrow();
    expect(sanitize({ s: '😀' })).toEqual({ s: '😀' });
    let deep: unknown = 1;
    for (let i = 0; i < 32; i++) deep = [deep];
    expect(() => sanitize(deep)).not.toThrow();
    expect(() => sanitize([deep])).toThrow();
  });
});

describe('parseUserAgent', () => {
  it('tells browser, OS and device class apart', () => {
    expect(
      parseUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari', os: 'iOS', device: 'Mobile' });
    expect(
      parseUserAgent(
        'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/126.0 Safari/537.36 Edg/126.0',
      ),
    ).toEqual({ browser: 'Edge', os: 'Windows', device: 'Desktop' });
    expect(parseUserAgent(null)).toEqual({ browser: null, os: null, device: null });
  });
});
