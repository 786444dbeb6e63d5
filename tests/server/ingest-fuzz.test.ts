import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import {
  basic,
  createAccount,
  ENGINE,
  ingest,
  request,
  setupTestApp,
  type TestAccount,
} from './helpers';

/**
 * Tenant A throws thousands of generated and mutated Segment messages at ingestion while tenant
 * B sends valid batches at the same time (so their requests share group commits). Every B event
 * must be acknowledged and stored exactly once, no A input may get a 5xx, and the server stays up.
 */

const t = setupTestApp();
let a: TestAccount;
let b: TestAccount;

beforeAll(async () => {
  a = await createAccount(t.app, { brand: 'Attacker' });
  b = await createAccount(t.app, { brand: 'Victim' });
});

/** mulberry32: a small seeded generator, so a failure can be replayed from the printed seed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY = 86_400_000;
const now = Date.now();
const DATES: unknown[] = [
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '0099-12-31T23:59:59Z',
  '0100-01-01T00:00:00Z',
  '1969-12-31T23:59:59.999Z',
  '1999-12-31T23:59:59.999Z',
  '2000-01-01T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '+275760-09-13T00:00:00.000Z',
  '+275760-09-13T00:00:00.001Z',
  new Date(now + DAY - 1000).toISOString(),
  new Date(now + DAY + 1000).toISOString(),
  new Date(now - 400 * DAY).toISOString(),
  '2026-02-30T00:00:00Z',
  '2026-13-01',
  'yesterday',
  '',
  8.64e15,
  -8.64e15,
  8.64e15 + 1,
  1e308,
  -1,
  0,
  true,
  [],
  {},
];
const STRINGS = [
  '',
  ' ',
  '😀'.repeat(50),
  '\u202Eevil',
  '\uFEFF',
  'e\u0301\u0301\u0301',
  'a.b.c',
  '$set',
  '__proto__',
  'constructor',
  '<script>alert(1)</script>',
  "'; DROP TABLE customer_profiles; --",
  'x'.repeat(256),
  'y'.repeat(2049),
  'z'.repeat(40_000),
  '\\u0000',
  'null',
];
const NUMBERS = [0, -0, 1e308, -1e308, 5e-324, 2 ** 53 + 2, -(2 ** 63), 1.5, NaN, Infinity];

function generator(random: () => number) {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const int = (n: number) => Math.floor(random() * n);

  const deep = (depth: number): unknown => {
    let v: unknown = 'leaf';
    for (let i = 0; i < depth; i++) v = random() < 0.5 ? { d: v } : [v];
    return v;
  };
  const wide = (n: number) =>
    Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, pick(STRINGS).slice(0, 40)]));

  const value = (depth = 0): unknown => {
    switch (int(depth > 2 ? 4 : 9)) {
      case 0:
        return pick(STRINGS);
      case 1:
        return pick(NUMBERS);
      case 2:
        return pick([null, true, false]);
      case 3:
        return pick(DATES);
      case 4:
        return deep(pick([5, 31, 33, 40]));
      case 5:
        return wide(pick([3, 199, 201, 600]));
      case 6:
        return Array.from({ length: pick([0, 3, 1000]) }, () => int(100));
      case 7:
        return { email: pick(STRINGS), name: pick(STRINGS), metadata: value(depth + 1) };
      default:
        return { [pick(STRINGS).slice(0, 30)]: value(depth + 1) };
    }
  };

  const valid = (): Record<string, unknown> => {
    const type = pick(['track', 'page', 'identify']);
    return {
      type,
      messageId: randomUUID(),
      userId: random() < 0.6 ? `a-user-${int(50)}` : undefined,
      anonymousId: `a-anon-${int(200)}`,
      event: type === 'track' ? `A ${int(5)}` : undefined,
      timestamp: new Date(now - int(30 * DAY)).toISOString(),
      properties: { plan: 'pro', n: int(10) },
      traits: type === 'identify' ? { email: `a${int(50)}@example.com`, plan: 'pro' } : undefined,
      context: { locale: 'en-GB' },
    };
  };

  const FIELDS = [
    'type',
    'messageId',
    'userId',
    'anonymousId',
    'event',
    'timestamp',
    'sentAt',
    'properties',
    'traits',
    'context',
    'name',
  ];
  const mutate = (msg: Record<string, unknown>) => {
    for (let i = 0, n = 1 + int(3); i < n; i++) {
      const field = pick(FIELDS);
      const roll = random();
      if (roll < 0.2) delete msg[field];
      else if (roll < 0.45) msg[field] = pick(DATES);
      else msg[field] = value();
    }
    return msg;
  };

  /** One message: a valid one, a mutated one, or something that is not a message at all. */
  const message = (): unknown => {
    const roll = random();
    if (roll < 0.15) return valid();
    if (roll < 0.9) return mutate(valid());
    return value();
  };

  /** A request body as JSON text, sometimes with literals JSON.stringify cannot produce. */
  const body = (): string => {
    const batch = Array.from({ length: 1 + int(40) }, message);
    let text = JSON.stringify({ batch, sentAt: random() < 0.3 ? pick(DATES) : undefined });
    const roll = random();
    if (roll < 0.05) text = text.replace('"a-anon-', '"\\ud800a-anon-');
    else if (roll < 0.1) text = text.replace('"pro"', '1e400');
    else if (roll < 0.13) text = text.slice(0, int(text.length));
    else if (roll < 0.15) text = text.replace('"plan"', '"\\u0000"');
    return text;
  };

  return { body };
}

const postRaw = (writeKey: string, payload: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/batch',
    headers: { ...basic(writeKey), 'content-type': 'application/json' },
    payload,
  });

describe(`ingestion fuzz (${ENGINE})`, () => {
  it("one tenant's hostile input never fails, delays into 5xx, or loses another tenant's events", async () => {
    const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
    console.log(`ingestion fuzz seed ${seed} (FUZZ_SEED=${seed} replays it)`);
    const { body } = generator(rng(seed));

    const bSent = new Map<string, Record<string, unknown>[]>();
    let bCount = 0;
    const bBatch = (round: number) => {
      const batch = Array.from({ length: 10 }, (_, i) => {
        const userId = `b-user-${round}-${i % 3}`;
        const identify = i % 3 === 0;
        return {
          type: identify ? 'identify' : 'track',
          event: identify ? undefined : 'B ok',
          messageId: randomUUID(),
          userId,
          traits: identify ? { email: `${userId}@victim.example`, plan: 'pro' } : undefined,
          properties: identify ? undefined : { round, i },
        };
      });
      bCount += batch.filter((m) => m.type === 'track').length;
      bSent.set(`r${round}`, batch);
      return batch;
    };

    const aStatuses = new Map<number, number>();
    const aFailures: { status: number; body: string; payload: string }[] = [];
    const bAnswers: LightMyRequestResponse[] = [];
    const rounds = 60;
    let aMessages = 0;
    for (let round = 0; round < rounds; round++) {
      const aBodies = Array.from({ length: 5 }, body);
      aMessages += aBodies.length * 20;
      const bBody = { batch: bBatch(round) };
      const [bRes, ...aRes] = await Promise.all([
        ingest(t.app, b.writeKey, '/v1/batch', bBody),
        ...aBodies.map((p) => postRaw(a.writeKey, p)),
      ]);
      bAnswers.push(bRes!);
      aRes.forEach((res, i) => {
        aStatuses.set(res.statusCode, (aStatuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode >= 500)
          aFailures.push({
            status: res.statusCode,
            body: res.body.slice(0, 300),
            payload: aBodies[i]!.slice(0, 300),
          });
      });
    }
    console.log(`A: ~${aMessages} messages, statuses ${JSON.stringify([...aStatuses])}`);
    expect(aFailures).toEqual([]);
    for (const res of bAnswers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ accepted: 10, rejected: [] });
    }
    // A retried request (same messageIds) is stored once.
    const retried = await ingest(t.app, b.writeKey, '/v1/batch', { batch: bSent.get('r7') });
    expect(retried.statusCode).toBe(200);

    await t.app.ctx.batcher.drain();
    const counts = await t.app.ctx.analytics.query({
      kind: 'countsByEvent',
      brandId: b.brandId,
      from: new Date(now - 2 * DAY),
      to: new Date(Date.now() + 2 * DAY),
    });
    const byEvent = Object.fromEntries(counts.map((c) => [c.event, c.count]));
    expect(byEvent['B ok']).toBe(bCount);
    expect(byEvent.$identify).toBe(rounds * 4);
    // B's profiles are all there with the traits B sent, and A never reached them.
    const profiles = await request(t.app, b.token)(
      'GET',
      `/v1/customer-profiles?brand_id=${b.brandId}&limit=100&search=b-user-59-`,
    );
    expect(profiles.json().data.data).toHaveLength(3);
    const emails = (profiles.json().data.data as { email: string | null; customer_key: string }[])
      .map((p) => [p.customer_key, p.email])
      .sort();
    // Only b-user-…-0 is identified (every third message); the others only track.
    expect(emails).toEqual([
      ['b-user-59-0', 'b-user-59-0@victim.example'],
      ['b-user-59-1', null],
      ['b-user-59-2', null],
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
