import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@/lib/messages';
import { monthOf } from '@/server/modules/profiles/profile-upsert';
import { ENGINE, ingest, request, setupTestAccount } from './helpers';

// The bounds are tested here, not the fair-use limits (ingest-fair-use.test.ts).
const t = setupTestAccount({
  env: { INGEST_RATE_PER_KEY: '0', INGEST_DAILY_EVENTS_PER_MAU: '0' },
});

const track = (extra: Record<string, unknown> = {}) => ({
  type: 'track',
  event: 'Bounded',
  anonymousId: 'anon-b',
  messageId: randomUUID(),
  ...extra,
});

const profileOf = async (key: string) => {
  const res = await request(t.app, t.token)(
    'GET',
    `/v1/customer-profiles?brand_id=${t.brandId}&search=${encodeURIComponent(key)}`,
  );
  const [p] = res.json().data.data as Record<string, unknown>[];
  return p!;
};

describe(`ingestion bounds (${ENGINE})`, () => {
  it('refuses a batch of more than 2,500 events with 413 and a message saying so', async () => {
    const res = await ingest(t.app, t.writeKey, '/v1/batch', {
      batch: Array.from({ length: 2501 }, () => ({ type: 'track' })),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'too_many_events',
      message: MESSAGES.ingest.tooManyEvents(2500),
    });
    const ok = await ingest(t.app, t.writeKey, '/v1/batch', {
      batch: Array.from({ length: 2500 }, () => track()),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ accepted: 2500, rejected: [] });
  });

  it('lists at most 100 rejections and counts the rest, so the answer stays small', async () => {
    const batch: unknown[] = Array.from({ length: 2000 }, () => 'x'.repeat(200));
    batch.push(track());
    const res = await ingest(t.app, t.writeKey, '/v1/batch', { batch });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.accepted).toBe(1);
    expect(body.rejected).toHaveLength(100);
    expect(body.rejectedMore).toBe(1900);
    expect(res.body.length).toBeLessThan(20_000);
    const none = await ingest(t.app, t.writeKey, '/v1/batch', { batch: batch.slice(0, 500) });
    expect(none.statusCode).toBe(400);
    expect(none.json().rejected).toHaveLength(100);
    expect(none.json().details).toHaveLength(100);
    expect(none.json().rejectedMore).toBe(400);
  });

  it('keeps the newest 100 anonymous ids of a profile', async () => {
    const userKey = `u-anon-${randomUUID()}`;
    for (let round = 0; round < 3; round++) {
      const batch = Array.from({ length: 50 }, (_, i) =>
        track({ userId: userKey, anonymousId: `a-${round * 50 + i}` }),
      );
      expect((await ingest(t.app, t.writeKey, '/v1/batch', { batch })).statusCode).toBe(200);
    }
    const ids = (await profileOf(userKey)).anonymous_ids as string[];
    expect(ids).toHaveLength(100);
    expect(ids[0]).toBe('a-50');
    expect(ids[99]).toBe('a-149');
    // One request with more than 100 ids keeps only its newest 100 as well.
    const other = `u-anon-${randomUUID()}`;
    const many = Array.from({ length: 150 }, (_, i) =>
      track({
        userId: other,
        anonymousId: `b-${i}`,
        timestamp: new Date(Date.now() - 150_000 + i * 1000).toISOString(),
      }),
    );
    await ingest(t.app, t.writeKey, '/v1/batch', { batch: many });
    const kept = (await profileOf(other)).anonymous_ids as string[];
    expect(kept).toHaveLength(100);
    expect(kept[0]).toBe('b-50');
  });

  it('caps the keys of data attributes and metadata at 200 per profile, updating existing ones', async () => {
    const userKey = `u-keys-${randomUUID()}`;
    const traits = (from: number, n: number, value: string) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`t${from + i}`, value]));
    const identify = (t0: Record<string, unknown>) =>
      ingest(t.app, t.writeKey, '/v1/identify', { userId: userKey, traits: t0 });
    expect(
      (await identify({ ...traits(0, 150, 'v1'), metadata: traits(0, 150, 'm1') })).statusCode,
    ).toBe(200);
    expect(
      (await identify({ ...traits(150, 150, 'v2'), metadata: traits(150, 150, 'm2') })).statusCode,
    ).toBe(200);
    // Existing keys still change once the profile is full.
    expect((await identify({ t0: 'changed', metadata: { t0: 'changed' } })).statusCode).toBe(200);
    const p = await profileOf(userKey);
    const attrs = p.data_attributes as Record<string, unknown>;
    const meta = p.metadata as Record<string, unknown>;
    // 150 traits plus the system attributes (browser, OS, device): the second 150 did not fit.
    expect(Object.keys(attrs).length).toBeLessThanOrEqual(200);
    expect(attrs.t149).toBe('v1');
    expect(attrs.t0).toBe('changed');
    expect(attrs.t150).toBeUndefined();
    expect(Object.keys(meta)).toHaveLength(150);
    expect(meta.t0).toBe('changed');
    const tooMany = await identify(traits(0, 201, 'x'));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(MESSAGES.ingest.tooManyTraits('traits', 200));
  });

  it('counts a customer active in the month the server received the event, whatever its timestamp', async () => {
    const month = monthOf(new Date());
    const before = await t.app.ctx.profiles.monthlyActive(t.userId, month);
    const userKey = `u-back-${randomUUID()}`;
    // Dated 40 days ago: last month by the client's clock, this month by ours.
    const backDated = new Date(Date.now() - 40 * 24 * 3_600_000).toISOString();
    const res = await ingest(
      t.app,
      t.writeKey,
      '/v1/track',
      track({ userId: userKey, timestamp: backDated }),
    );
    expect(res.statusCode).toBe(200);
    expect(await t.app.ctx.profiles.monthlyActive(t.userId, month)).toBe(before + 1);
    // Sending it again the same month counts nobody twice.
    await ingest(t.app, t.writeKey, '/v1/track', track({ userId: userKey, timestamp: backDated }));
    expect(await t.app.ctx.profiles.monthlyActive(t.userId, month)).toBe(before + 1);
    const p = await profileOf(userKey);
    // The event keeps its own time: only the usage month follows the server's clock.
    expect(Date.parse(p.last_seen as string)).toBe(Date.parse(backDated));
  });

  it('lists undefined events in bounded pages, even after 70,000 distinct codes', async () => {
    const codes = 70_000;
    for (let from = 0; from < codes; from += 2500) {
      const batch = Array.from({ length: 2500 }, (_, i) => ({
        type: 'track',
        event: `code-${String(from + i).padStart(5, '0')}`,
        anonymousId: 'a',
        // The first 150 codes are the busiest: they come twice.
        messageId: `m-${from + i}`,
      }));
      const res = await ingest(t.app, t.writeKey, '/v1/batch', { batch });
      expect(res.statusCode).toBe(200);
    }
    await ingest(t.app, t.writeKey, '/v1/batch', {
      batch: Array.from({ length: 150 }, (_, i) => ({
        type: 'track',
        event: `code-${String(i).padStart(5, '0')}`,
        anonymousId: 'a',
      })),
    });
    const api = request(t.app, t.token);
    // The earlier tests' code is defined too, so only the generated codes remain undefined.
    await api('POST', '/v1/events', {
      brand_id: t.brandId,
      name: 'Bounded',
      code: 'Bounded',
      attributes: [],
    });
    expect(
      (
        await api('POST', '/v1/events', {
          brand_id: t.brandId,
          name: 'First',
          code: 'code-00000',
          attributes: [],
        })
      ).statusCode,
    ).toBe(201);
    const first = await api('GET', `/v1/events/undefined?brand_id=${t.brandId}`);
    expect(first.statusCode).toBe(200);
    const page1 = first.json().data as { code: string; volume_30d: number }[];
    expect(page1).toHaveLength(100);
    // Busiest first, the defined code left out.
    expect(page1[0]).toMatchObject({ code: 'code-00001', volume_30d: 2 });
    expect(page1.some((e) => e.code === 'code-00000')).toBe(false);
    const page2 = (
      await api('GET', `/v1/events/undefined?brand_id=${t.brandId}&offset=100&limit=100`)
    ).json().data as { code: string; volume_30d: number }[];
    expect(page2).toHaveLength(100);
    expect(page2[0]).toMatchObject({ code: 'code-00101', volume_30d: 2 });
    expect(page2[49]).toMatchObject({ code: 'code-00150', volume_30d: 1 });
    for (const bad of ['offset=901', 'limit=101', 'offset=-1'])
      expect(
        (await api('GET', `/v1/events/undefined?brand_id=${t.brandId}&${bad}`)).statusCode,
      ).toBe(400);
  });
});
