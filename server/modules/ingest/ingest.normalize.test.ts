import { describe, expect, it } from 'vitest';
import { IDENTIFY_EVENT, PAGE_EVENT } from '../../analytics/types';
import { MESSAGES } from '../../../lib/messages';
import { normalizeAll, normalizeMessage, sanitize, type RequestFacts } from './ingest.normalize';
import { parseUserAgent } from '../../../lib/user-agent';

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

  it('shifts timestamps by the client clock skew and rejects those outside the window', () => {
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
    const at = (timestamp: string | number, sentAt?: string) =>
      normalizeAll([{ type: 'track', event: 'e', anonymousId: 'a', timestamp, sentAt }], f);
    const outside = {
      code: 'timestamp_out_of_range',
      message: MESSAGES.ingest.timestampOutOfRange,
    };
    // One day after the receive time (2026-11-21T12:00Z) is the last instant kept.
    expect(at('2026-11-22T12:00:00Z').rows[0]!.timestamp.toISOString()).toBe(
      '2026-11-22T12:00:00.000Z',
    );
    expect(at('2026-11-22T12:00:00.001Z').rejected).toEqual([{ index: 0, ...outside }]);
    expect(at('2000-01-01T00:00:00Z').rows).toHaveLength(1);
    for (const old of ['1999-12-31T23:59:59.999Z', '0000-01-01T00:00:00Z', '0099-06-01T00:00:00Z'])
      expect(at(old).rejected).toEqual([{ index: 0, ...outside }]);
    expect(at(-8.64e15).rejected[0]!.code).toBe('timestamp_out_of_range');
    expect(at(8.64e15 + 1).rejected[0]!.code).toBe('bad_timestamp');
    // A year-0 timestamp sent with a year-0 sentAt is only a wrong clock: corrected, it is kept.
    const corrected = at('0000-01-01T00:00:00Z', '0000-01-01T00:00:01Z').rows[0]!;
    expect(corrected.timestamp.toISOString()).toBe('2026-11-21T11:59:59.000Z');
  });

  it('bounds identify traits: key count, value size and e-mail length', () => {
    const f = facts();
    const identify = (traits: Record<string, unknown>) =>
      normalizeAll([{ userId: 'u', traits }], f, 'identify').rejected;
    const many = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`k${i}`, i]));
    expect(identify(many)).toEqual([
      { index: 0, code: 'too_many_traits', message: MESSAGES.ingest.tooManyTraits('traits', 200) },
    ]);
    expect(identify({ metadata: many })[0]!.message).toBe(
      MESSAGES.ingest.tooManyTraits('traits.metadata', 200),
    );
    expect(identify({ bio: 'x'.repeat(2047) })).toEqual([]);
    expect(identify({ bio: 'é'.repeat(1500) })[0]).toMatchObject({
      code: 'value_too_large',
      message: MESSAGES.ingest.valueTooLarge('traits', 'bio', 2048),
    });
    expect(identify({ email: `${'a'.repeat(320)}@x.io` })[0]!.message).toBe(
      MESSAGES.ingest.textTooLong('traits.email', 320),
    );
    // Properties of a track are not profile attributes: only the 32 KB event bound applies.
    expect(
      normalizeAll([{ type: 'track', event: 'e', anonymousId: 'a', properties: many }], f).rows,
    ).toHaveLength(1);
  });

  it('lists the first 100 rejections and counts the rest', () => {
    const { rows, rejected, rejectedMore } = normalizeAll(
      [...Array.from({ length: 250 }, () => 42), { type: 'track', event: 'ok', anonymousId: 'a' }],
      facts(),
    );
    expect(rows).toHaveLength(1);
    expect(rejected).toHaveLength(100);
    expect(rejected[99]!.index).toBe(99);
    expect(rejectedMore).toBe(150);
  });

  it('rejects each bad message with a code and keeps the others', () => {
    const { rows, rejected } = normalizeAll(
      [
        { type: 'track', event: 'ok', anonymousId: 'a' },
        { type: 'alias', anonymousId: 'a' },
        { type: 'track', event: 'e' },
        { type: 'track', event: 'e', anonymousId: 'a', properties: [1] },
        { type: 'track', event: 'e', anonymousId: { id: 1 } },
        { type: 'track', event: ' flow_completed ', anonymousId: 'a' },
        { type: 'track', event: 'flow_completed_by_us', anonymousId: 'a' },
        { type: 'track', event: 'segment_exited', anonymousId: 'a' },
      ],
      facts(),
    );
    expect(rows).toHaveLength(2);
    expect(rejected.map((r) => [r.index, r.code])).toEqual([
      [1, 'invalid_type'],
      [2, 'missing_id'],
      [3, 'invalid_field'],
      [4, 'invalid_field'],
      [5, 'reserved_event'],
      [7, 'reserved_event'],
    ]);
    // The flow runtime's own codes are refused: only it writes what tour reports count.
    expect(rejected[4]!.message).toBe(MESSAGES.ingest.reservedEvent('flow_completed'));
    // So are the membership sweep's: only it records who entered or left a segment.
    expect(rejected[5]!.message).toBe(MESSAGES.ingest.reservedSegmentEvent('segment_exited'));
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
