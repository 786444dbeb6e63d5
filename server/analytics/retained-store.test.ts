import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadChdb, openChdbExecutor } from './chdb.executor';
import { openClickHouseStore } from './clickhouse.store';
import { openDuckDBStore } from './duckdb.store';
import { retainedStore } from './retained-store';
import { compileQuery } from './sql/build-query';
import { clickhouseDialect } from './sql/clickhouse';
import { duckdbDialect } from './sql/duckdb';
import { trackEvent } from './test-events';
import type { AnalyticsStore, QueryResults, QueryShape } from './types';

/**
 * Retention (docs/retention.md, "Hidden at once"): through the retained store, every query shape
 * leaves out the events before the product's cutoff. Product 1 has only events before the cutoff,
 * product 2 the same events after it: every shape sees product 1's through the bare store (so the
 * check is not vacuous), nothing of them through the retained one, and product 2's through both.
 */

const CUTOFF = new Date('2026-01-01T00:00:00Z');
const OLD = '2025-06-15T10:00:00.000Z';
const NEW = '2026-06-15T10:00:00.000Z';
const FROM = new Date('2025-01-01T00:00:00Z');
const TO = new Date('2027-01-01T00:00:00Z');

function rows(brandId: number, iso: string) {
  const props = { flow_id: 7, link_id: 5, step_id: 's1', email: 'u1@example.com' };
  const who = { userId: 'u1', anonymousId: 'a1', customerKey: 'u1' };
  return [
    trackEvent(brandId, `i-${brandId}`, '$identify', iso, {
      ...who,
      type: 'identify',
      properties: { email: 'u1@example.com' },
    }),
    trackEvent(brandId, `o-${brandId}`, 'Order', iso, { ...who, properties: props }),
    trackEvent(brandId, `l-${brandId}`, 'link_clicked', iso, {
      ...who,
      properties: { ...props, unique: true, bot: false },
    }),
    trackEvent(brandId, `f-${brandId}`, 'flow_started', iso, { ...who, properties: props }),
  ];
}

/** One shape of every kind (a kind added to QueryShape without one here fails to compile). */
const SHAPES: { [K in QueryShape['kind']]: (brandId: number) => Extract<QueryShape, { kind: K }> } =
  {
    tail: (brandId) => ({ kind: 'tail', brandId, limit: 100 }),
    timeline: (brandId) => ({
      kind: 'timeline',
      brandId,
      userId: 'u1',
      anonymousIds: ['a1'],
      limit: 100,
    }),
    countsByEvent: (brandId) => ({ kind: 'countsByEvent', brandId, from: FROM, to: TO }),
    anyEvent: (brandId) => ({ kind: 'anyEvent', brandId }),
    eventCount: (brandId) => ({ kind: 'eventCount', brandId, from: FROM, to: TO }),
    visitorEvents: (brandId) => ({
      kind: 'visitorEvents',
      brandId,
      userId: 'u1',
      anonymousId: 'a1',
      events: ['Order'],
      from: null,
      limit: 100,
    }),
    codeEvents: (brandId) => ({ kind: 'codeEvents', brandId, events: ['Order'], limit: 100 }),
    exportEvents: (brandId) => ({ kind: 'exportEvents', brandId, from: FROM, to: TO, limit: 100 }),
    flowEventCounts: (brandId) => ({
      kind: 'flowEventCounts',
      brandId,
      flowId: 7,
      events: ['flow_started'],
      from: null,
      to: TO,
      granularity: 'day',
    }),
    reportTrend: (brandId) => ({
      kind: 'reportTrend',
      brandId,
      event: 'Order',
      measure: 'total',
      property: null,
      filters: [],
      breakdown: 'plan',
      breakdownSource: 'profile',
      top: null,
      from: FROM,
      to: TO,
      granularity: 'month',
      timeZone: 'UTC',
    }),
    reportTopValues: (brandId) => ({
      kind: 'reportTopValues',
      brandId,
      event: 'Order',
      measure: 'total',
      property: null,
      filters: [{ property: 'email', operator: 'not_empty', type: 'string', value: '' }],
      breakdown: 'email',
      from: FROM,
      to: TO,
      limit: 10,
    }),
    reportFunnel: (brandId) => ({
      kind: 'reportFunnel',
      brandId,
      steps: [
        { event: '$identify', filters: [] },
        { event: 'Order', filters: [] },
      ],
      from: FROM,
      to: TO,
      windowMs: 86_400_000,
    }),
    reportFunnelCustomers: (brandId) => ({
      ...SHAPES.reportFunnel(brandId),
      kind: 'reportFunnelCustomers',
      step: 1,
      outcome: 'converted',
      limit: 10,
    }),
    reportRetention: (brandId) => ({
      kind: 'reportRetention',
      brandId,
      startEvent: '$identify',
      returnEvent: 'Order',
      period: 'day',
      from: FROM,
      to: TO,
      timeZone: 'UTC',
    }),
    linkClicks: (brandId) => ({
      kind: 'linkClicks',
      brandId,
      linkId: 5,
      from: FROM,
      to: TO,
      granularity: 'day',
      timeZone: 'UTC',
      includeBots: true,
      limit: 10,
    }),
    segmentEventCounts: (brandId) => ({
      kind: 'segmentEventCounts',
      brandId,
      customerKeys: ['u1'],
      conditions: [{ event: 'Order', from: null, to: null, properties: [], operator: 'AND' }],
    }),
  };

/** How much of the product's events a result shows (0: nothing). */
function seen(kind: QueryShape['kind'], result: QueryResults[QueryShape['kind']]): number {
  if (kind === 'anyEvent') return result ? 1 : 0;
  if (kind === 'eventCount') return result as number;
  if (kind === 'reportFunnel')
    return (result as QueryResults['reportFunnel']).reduce((n, s) => n + s.customers, 0);
  if (kind === 'linkClicks') return (result as QueryResults['linkClicks']).totals.clicks;
  return (result as unknown[]).length;
}

describe('compileQuery with a retention cutoff', () => {
  it.each(Object.keys(SHAPES) as QueryShape['kind'][])('%s binds the cutoff', (kind) => {
    const shape = { ...SHAPES[kind](1), keptFrom: CUTOFF } as QueryShape;
    for (const dialect of [duckdbDialect, clickhouseDialect]) {
      const { sql, params } = compileQuery(shape, dialect as typeof duckdbDialect);
      expect(sql).toMatch(/timestamp >= /);
      expect(Object.keys(params)).toContain('kept_from');
    }
  });
});

function suite(name: string, open: () => Promise<AnalyticsStore>) {
  describe(`retained store (${name})`, () => {
    let bare: AnalyticsStore;
    let retained: AnalyticsStore;
    afterAll(async () => bare?.close());

    it('every shape hides the events before the cutoff, and only those', async () => {
      bare = await open();
      await bare.insert([...rows(1, OLD), ...rows(2, NEW)]);
      const asked: number[] = [];
      retained = retainedStore(bare, {
        cutoff: async (brandId) => (asked.push(brandId), CUTOFF),
      });
      for (const kind of Object.keys(SHAPES) as QueryShape['kind'][]) {
        const old = SHAPES[kind](1);
        const recent = SHAPES[kind](2);
        expect(seen(kind, await bare.query(old)), `${kind} bare`).toBeGreaterThan(0);
        expect(seen(kind, await retained.query(old)), `${kind} retained`).toBe(0);
        expect(seen(kind, await retained.query(recent)), `${kind} recent`).toBeGreaterThan(0);
      }
      expect(asked).toContain(1);
      if (retained.stream) {
        let streamed = 0;
        await retained.stream(SHAPES.codeEvents(1), (r) => (streamed += r.length));
        expect(streamed).toBe(0);
      }
      // The purge's deletion: the events before the cutoff go, the others stay.
      expect(await bare.deleteEvents({ brandId: 1, before: CUTOFF })).toBe(4);
      expect(await bare.deleteEvents({ brandId: 2, before: CUTOFF })).toBe(0);
      expect(await bare.query(SHAPES.eventCount(1))).toBe(0);
      expect(await bare.query(SHAPES.eventCount(2))).toBe(4);
    });
  });
}

suite('duckdb', () => openDuckDBStore(':memory:'));

const chdbAvailable = (await loadChdb()) !== null;
const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));
if (chdbAvailable)
  suite('clickhouse, chdb', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'signpost-retention-'));
    dirs.push(dir);
    return openClickHouseStore(await openChdbExecutor(dir));
  });
