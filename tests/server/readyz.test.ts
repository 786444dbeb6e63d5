import { afterAll, describe, expect, it } from 'vitest';
import { openAnalyticsStore } from '@/server/analytics';
import type { AnalyticsStore } from '@/server/analytics/types';
import { setupTestApp } from './helpers';

/**
 * `/readyz` answers within a second whatever the analytics queue holds (docs/reports.md,
 * "Sharing the analytics engine"): a ping that does not answer is reported, not waited for.
 */

let inner: AnalyticsStore;
let ping: () => Promise<void>;

// Hooks run as a stack: this one closes the store after the app is dropped.
afterAll(async () => inner?.close());
const t = setupTestApp(async () => {
  inner = await openAnalyticsStore({ dataDir: ':memory:' });
  ping = () => inner.ping();
  const store: AnalyticsStore = {
    engine: inner.engine,
    insert: (rows) => inner.insert(rows),
    deleteEvents: (target) => inner.deleteEvents(target),
    query: ((shape, opts) => inner.query(shape, opts)) as AnalyticsStore['query'],
    ping: () => ping(),
    close: () => inner.close(),
  };
  return { analytics: store };
});

describe('/readyz', () => {
  it('is ready when the analytics store answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('reports "degraded" instead of waiting when the analytics store does not answer', async () => {
    ping = () => new Promise<void>(() => undefined);
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'degraded', analytics: 'slow' });
  });

  it('is not ready when the analytics store refuses', async () => {
    ping = () => Promise.reject(new Error('the analytics thread stopped'));
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'not_ready' });
  });
});
