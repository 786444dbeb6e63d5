import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { MESSAGES } from '@/lib/messages';
import { memoryTokenBuckets, redisTokenBuckets } from '@/server/modules/ingest/fair-use';
import {
  createAccount,
  ENGINE,
  ingest,
  type OwnedTestApp,
  setupTestApp,
  TEST_REDIS_URL,
} from './helpers';

type T = OwnedTestApp;

const events = (n: number, prefix: string) => ({
  batch: Array.from({ length: n }, (_, i) => ({
    type: 'track',
    event: `${prefix} event`,
    anonymousId: `${prefix}-anon-${i % 7}`,
    messageId: randomUUID(),
  })),
});

const tenant = (t: T, name: string) => createAccount(t.app, { brand: name });

describe(`ingestion fair use (${ENGINE})`, () => {
  describe('token bucket per write key', () => {
    const t = setupTestApp({
      env: { INGEST_RATE_PER_KEY: '500', INGEST_BURST_PER_KEY: '2500' },
    });

    it("a flooding tenant gets 429 with Retry-After while another tenant's batches keep being accepted", async () => {
      const a = await tenant(t, 'Flood');
      const b = await tenant(t, 'Quiet');
      const aAnswers: LightMyRequestResponse[] = [];
      const bAnswers: LightMyRequestResponse[] = [];
      for (let round = 0; round < 8; round++) {
        const [bRes, ...aRes] = await Promise.all([
          ingest(t.app, b.writeKey, '/v1/batch', events(20, 'b')),
          ...Array.from({ length: 6 }, () =>
            ingest(t.app, a.writeKey, '/v1/batch', events(250, 'a')),
          ),
        ]);
        bAnswers.push(bRes!);
        aAnswers.push(...aRes);
      }
      for (const res of bAnswers) expect(res.json()).toEqual({ accepted: 20, rejected: [] });
      const refused = aAnswers.filter((r) => r.statusCode === 429);
      expect(refused.length).toBeGreaterThan(20);
      expect(aAnswers.every((r) => r.statusCode === 200 || r.statusCode === 429)).toBe(true);
      expect(refused[0]!.json()).toMatchObject({
        code: 'rate_limited',
        message: MESSAGES.ingest.rateLimited(500),
      });
      expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    });
  });

  describe('bounded share of the queue', () => {
    const t = setupTestApp({
      env: { INGEST_RATE_PER_KEY: '0' },
      batcher: { maxPendingRows: 2_000, maxBatchRows: 200 },
    });

    it('an account filling its share of the queue is refused alone', async () => {
      const a = await tenant(t, 'Flood');
      const b = await tenant(t, 'Quiet');
      const [bRes, ...aRes] = await Promise.all([
        // B's request arrives last, after A has queued far more than its quarter.
        new Promise<LightMyRequestResponse>((resolve) =>
          setImmediate(
            () => void ingest(t.app, b.writeKey, '/v1/batch', events(50, 'b')).then(resolve),
          ),
        ),
        ...Array.from({ length: 12 }, () =>
          ingest(t.app, a.writeKey, '/v1/batch', events(100, 'a')),
        ),
      ]);
      expect(bRes!.json()).toEqual({ accepted: 50, rejected: [] });
      const statuses = aRes.map((r) => r.statusCode);
      expect(statuses).toContain(429);
      expect(statuses).toContain(200);
      const refused = aRes.find((r) => r.statusCode === 429)!;
      expect(refused.json().message).toBe(MESSAGES.ingest.overloaded);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    });
  });

  describe('daily event allowance per plan', () => {
    let clock = new Date('2026-11-25T22:00:00.000Z');
    // 3 events per MAU: the free plan (1,000 MAU) may send 3,000 events a day.
    const t = setupTestApp({
      env: { INGEST_DAILY_EVENTS_PER_MAU: '3' },
      now: () => clock,
    });

    it('counts anonymous events too, refuses past the allowance until midnight UTC, and only that account', async () => {
      const a = await tenant(t, 'Busy');
      const b = await tenant(t, 'Other');
      const stamp = (body: ReturnType<typeof events>) => ({
        batch: body.batch.map((m) => ({ ...m, timestamp: clock.toISOString() })),
      });
      expect(
        (await ingest(t.app, a.writeKey, '/v1/batch', stamp(events(2500, 'a')))).statusCode,
      ).toBe(200);
      expect(
        (await ingest(t.app, a.writeKey, '/v1/batch', stamp(events(500, 'a')))).statusCode,
      ).toBe(200);
      const over = await ingest(t.app, a.writeKey, '/v1/batch', stamp(events(1, 'a')));
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({
        code: 'daily_allowance',
        message: MESSAGES.ingest.dailyAllowance(3000),
      });
      // Two hours to midnight UTC.
      expect(Number(over.headers['retry-after'])).toBe(2 * 3600);
      expect(
        (await ingest(t.app, b.writeKey, '/v1/batch', stamp(events(10, 'b')))).statusCode,
      ).toBe(200);
      clock = new Date('2026-11-26T00:00:01.000Z');
      expect(
        (await ingest(t.app, a.writeKey, '/v1/batch', stamp(events(10, 'a')))).statusCode,
      ).toBe(200);
    });
  });

  describe('daily bytes allowance per plan', () => {
    const clock = new Date('2026-11-25T22:00:00.000Z');
    // 200 bytes per MAU: the free plan (1,000 MAU) may store ~195 KB a day.
    const t = setupTestApp({
      env: { INGEST_DAILY_BYTES_PER_MAU: '200' },
      now: () => clock,
    });

    it('refuses an account past its bytes for the day, while its event count is far from the limit', async () => {
      const a = await tenant(t, 'Heavy');
      const b = await tenant(t, 'Light');
      const heavy = (n: number) => ({
        batch: events(n, 'a').batch.map((m) => ({
          ...m,
          timestamp: clock.toISOString(),
          properties: { blob: 'x'.repeat(8 * 1024) },
        })),
      });
      let accepted = 0;
      let over: Awaited<ReturnType<typeof ingest>> | undefined;
      for (let i = 0; i < 40 && !over; i++) {
        const res = await ingest(t.app, a.writeKey, '/v1/batch', heavy(1));
        if (res.statusCode === 200) accepted++;
        else over = res;
      }
      // ~195 KB of 8 KB events: about 23 fit, far below the 250,000 events of the day.
      expect(accepted).toBeGreaterThan(15);
      expect(accepted).toBeLessThan(30);
      expect(over?.statusCode).toBe(429);
      expect(over?.json()).toMatchObject({
        code: 'daily_allowance',
        message: MESSAGES.ingest.dailyBytes(200 * 1000),
      });
      expect(Number(over?.headers['retry-after'])).toBe(2 * 3600);
      const small = events(10, 'b').batch.map((m) => ({ ...m, timestamp: clock.toISOString() }));
      expect((await ingest(t.app, b.writeKey, '/v1/batch', { batch: small })).statusCode).toBe(200);
    });
  });

  describe('free disk under DATA_DIR', () => {
    // More free space than any disk has: every request meets a "full" disk.
    const t = setupTestApp({ env: { DISK_MIN_FREE_MB: String(2 ** 40) } });

    it('answers 507 with Retry-After before storing anything', async () => {
      const a = await tenant(t, 'Any');
      const res = await ingest(t.app, a.writeKey, '/v1/batch', events(3, 'a'));
      expect(res.statusCode).toBe(507);
      expect(res.json()).toMatchObject({ code: 'disk_low', message: MESSAGES.ingest.diskLow });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe.skipIf(!TEST_REDIS_URL)('shared through Redis', () => {
    it('two nodes draw on one bucket per write key', async () => {
      // Two connections stand for two nodes; the bucket lives in Redis, refilled on its clock.
      const nodes = [new Redis(TEST_REDIS_URL!), new Redis(TEST_REDIS_URL!)];
      try {
        const prefix = `signpost:test:${randomUUID()}:`;
        const [one, two] = nodes.map((r) => redisTokenBuckets(r, prefix));
        const key = 'brand:1';
        expect(await one!.take(key, 2500, 1, 2500)).toEqual({ ok: true, waitMs: 0 });
        const refused = await two!.take(key, 10, 1, 2500);
        expect(refused.ok).toBe(false);
        expect(refused.waitMs).toBeGreaterThan(5_000);
        // A separate product has its own bucket.
        expect((await two!.take('brand:2', 10, 1, 2500)).ok).toBe(true);
      } finally {
        for (const r of nodes) r.disconnect();
      }
    });
  });

  it('the in-memory bucket refills at its rate and never holds more than its burst', async () => {
    let now = 0;
    const buckets = memoryTokenBuckets(() => now);
    expect(await buckets.take('k', 100, 100, 100)).toEqual({ ok: true, waitMs: 0 });
    expect(await buckets.take('k', 50, 100, 100)).toEqual({ ok: false, waitMs: 500 });
    now += 499;
    expect((await buckets.take('k', 50, 100, 100)).ok).toBe(false);
    now += 1;
    expect((await buckets.take('k', 50, 100, 100)).ok).toBe(true);
    now += 60_000;
    expect((await buckets.take('k', 100, 100, 100)).ok).toBe(true);
    expect((await buckets.take('k', 1, 100, 100)).ok).toBe(false);
    // Another key has its own bucket.
    expect((await buckets.take('other', 100, 100, 100)).ok).toBe(true);
  });

  it('the in-memory buckets stay bounded, and drop the ones that are full again as takes come', async () => {
    let now = 0;
    const buckets = memoryTokenBuckets(() => now, 1_000);
    for (let i = 0; i < 60_000; i++) await buckets.take(`brand:${i}`, 1, 10, 100);
    expect(buckets.size()).toBe(1_000);
    // Ten seconds on, every bucket is full again: new takes drop them two at a time.
    now += 10_000;
    for (let i = 0; i < 600; i++) await buckets.take(`fresh:${i}`, 1, 10, 100);
    expect(buckets.size()).toBe(600);
  });
});
