import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../lib/messages';
import { analyticsCaller, AnalyticsScheduler, scheduledStore } from '../analytics/scheduler';
import type { AnalyticsStore } from '../analytics/types';
import { memoryCounterStore } from './rate-limit';
import { createUserRateLimit } from './user-rate-limit';

const limits = { analytics: { max: 2, windowMs: 60_000 }, writes: { max: 1, windowMs: 60_000 } };

describe('per-user limits of signed-in requests', () => {
  it("refuses a user past the limit with a 429 and Retry-After, and leaves other users' budgets alone", async () => {
    const users = createUserRateLimit(memoryCounterStore(), limits);
    await users.analytics('A');
    await users.analytics('A');
    const refused = await users.analytics('A').catch((e: unknown) => e);
    expect(refused).toMatchObject({
      status: 429,
      message: MESSAGES.http.tooManyRequests,
      headers: { 'retry-after': '60' },
    });
    await users.analytics('B');
    await users.write('A');
    await expect(users.write('A')).rejects.toMatchObject({ status: 429 });
    await users.write('B');
  });

  it("counts a request's fan-out once, and a refused request never starts a read", async () => {
    const users = createUserRateLimit(memoryCounterStore(), limits);
    let started = 0;
    const inner = {
      engine: 'duckdb',
      query: async () => {
        started++;
        return 0;
      },
    } as unknown as AnalyticsStore;
    const store = scheduledStore(inner, new AnalyticsScheduler());
    const shape = { kind: 'eventCount', brandId: 1, from: new Date(0), to: new Date(1) } as const;
    const request = () =>
      analyticsCaller.run({ account: 'A', admit: () => users.analytics('A') }, () =>
        Promise.all(Array.from({ length: 10 }, () => store.query(shape))),
      );
    // Two requests of ten reads each: within a limit of two requests.
    await request();
    await request();
    expect(started).toBe(20);
    await expect(request()).rejects.toMatchObject({ status: 429 });
    expect(started).toBe(20);
  });
});
