import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunnelAnswer, RetentionAnswer, TrendAnswer } from '@/lib/contracts/reports';
import { openChdbExecutor } from '@/server/analytics/chdb.executor';
import { openClickHouseStore } from '@/server/analytics/clickhouse.store';
import type { AnalyticsStore } from '@/server/analytics/types';
import {
  type ApiRequest,
  chdbForTests,
  createAccount,
  createTestApp,
  ENGINE,
  ingest,
  type TestApp,
} from './helpers';

/**
 * Customer attributes in reports (docs/reports.md, "Customer attributes"): the attributes the
 * server derives (country, browser) break down and filter reports as the profiles show them, on
 * DuckDB and on ClickHouse (chdb, when installed).
 */

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';

const HOUR = 3_600_000;
const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR).toISOString();

type Context = { userAgent?: string; locale?: string; location?: { country: string } };
const track = (who: string, event: string, hoursAgo: number, context: Context = {}) => ({
  type: 'track',
  event,
  ...(who.startsWith('anon') ? { anonymousId: who } : { userId: who }),
  timestamp: at(hoursAgo),
  context,
  properties: {},
});

/**
 * c1 in France on Firefox; c2 in Germany (from its locale) on Chrome, then on Safari; c3 in
 * France on Chrome, then an identify whose trait says Spain; c4 sends neither a country nor a browser of its own; an
 * anonymous visitor from the US on Firefox, read from its own events (it has no profile).
 */
const BATCH = [
  track('c1', 'Signed Up', 50, { userAgent: FIREFOX, location: { country: 'FR' } }),
  track('c1', 'Order', 49, { userAgent: FIREFOX, location: { country: 'FR' } }),
  track('c1', 'Order', 48, { userAgent: FIREFOX, location: { country: 'FR' } }),
  {
    type: 'identify',
    userId: 'c1',
    traits: { tier: 'trait', metadata: { tier: 'gold' } },
    timestamp: at(47),
    context: { userAgent: FIREFOX, location: { country: 'FR' } },
  },
  track('c2', 'Signed Up', 40, { userAgent: CHROME, locale: 'de-DE' }),
  track('c2', 'Order', 39, { userAgent: CHROME, locale: 'de-DE' }),
  track('c2', 'Page Viewed', 2, { userAgent: SAFARI }),
  track('c3', 'Signed Up', 30, { userAgent: CHROME, location: { country: 'FR' } }),
  track('c3', 'Order', 29, { userAgent: CHROME, location: { country: 'FR' } }),
  {
    type: 'identify',
    userId: 'c3',
    traits: { country: 'ES' },
    timestamp: at(3),
    context: { userAgent: CHROME },
  },
  track('c4', 'Signed Up', 20),
  track('c4', 'Order', 19),
  track('anon-1', 'Order', 10, { userAgent: FIREFOX, location: { country: 'US' } }),
];

interface Profile {
  customer_key: string;
  data_attributes: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

function attributeSuite(engine: string, open: () => Promise<AnalyticsStore | undefined>) {
  describe(`customer attributes in reports (${ENGINE}, ${engine})`, () => {
    let t: TestApp & { drop: () => Promise<void> };
    let store: AnalyticsStore | undefined;
    let call: ApiRequest;
    let brandId: number;

    beforeAll(async () => {
      store = await open();
      t = await createTestApp({ analytics: store });
      const a = await createAccount(t.app);
      ({ brandId, call } = a);
      const res = await ingest(t.app, a.writeKey, '/v1/batch', { batch: BATCH });
      expect(res.json().accepted).toBe(BATCH.length);
    });
    afterAll(async () => {
      await t?.drop();
      await store?.close();
    });

    const profiles = async (conditions: unknown[] = []) => {
      const query = conditions.length
        ? `&conditions=${encodeURIComponent(JSON.stringify(conditions))}&condition_operator=AND`
        : '';
      const res = await call('GET', `/v1/customer-profiles?brand_id=${brandId}&limit=100${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.data as Profile[];
    };

    const totals = async (property: string, source?: 'event' | 'profile' | 'metadata') => {
      const res = await call('POST', '/v1/reports/query', {
        brand_id: brandId,
        type: 'trend',
        series: [{ event: 'Order', measure: 'total' }],
        breakdown: { property, ...(source ? { source } : {}) },
        granularity: 'day',
        date_preset: 'past_7_day',
      });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json().data as TrendAnswer;
      return Object.fromEntries(answer.series.map((s) => [s.breakdown_value, s.total]));
    };

    it('breaks orders down by country and browser as each profile shows them', async () => {
      const shown = await profiles();
      const attribute = (key: string, name: string) =>
        shown.find((p) => p.customer_key === key)?.data_attributes[name];
      // What the profile page shows.
      expect(attribute('c1', 'country')).toBe('FR');
      expect(attribute('c2', 'country')).toBe('DE');
      expect(attribute('c2', 'browser')).toBe('Safari');
      expect(attribute('c3', 'country')).toBe('ES');
      expect(attribute('c4', 'country')).toBeUndefined();
      // Each profile's orders, counted under its value; the anonymous visitor by its own events.
      const expected = (name: string, anonymous: string) => {
        const orders: Record<string, number> = { c1: 2, c2: 1, c3: 1, c4: 1 };
        const counts: Record<string, number> = { [anonymous]: 1 };
        for (const p of shown) {
          const value = String(p.data_attributes[name] ?? '');
          counts[value] = (counts[value] ?? 0) + (orders[p.customer_key] ?? 0);
        }
        return counts;
      };
      expect(expected('country', 'US')).toEqual({ FR: 2, DE: 1, ES: 1, '': 1, US: 1 });
      expect(await totals('country', 'profile')).toEqual(expected('country', 'US'));
      expect(await totals('browser', 'profile')).toEqual(expected('browser', 'Firefox'));
      // Metadata is read from traits.metadata, as the profile keeps it apart from the traits.
      expect(shown.find((p) => p.customer_key === 'c1')).toMatchObject({
        metadata: { tier: 'gold' },
      });
      expect(await totals('tier', 'metadata')).toEqual({ gold: 2, '': 4 });
      // The event's own value: where and with what each order was placed.
      expect(await totals('country')).toEqual({ FR: 3, DE: 1, '': 1, US: 1 });
      // c4's calls name no browser: the request's own User-Agent is read, an unknown one.
      expect(await totals('browser')).toEqual({ Firefox: 3, Chrome: 2, Other: 1 });
    });

    it('funnels and retention filtered on a built-in attribute count the customers the profile list finds', async () => {
      const funnel = async (filter: Record<string, unknown>) => {
        const res = await call('POST', '/v1/reports/query', {
          brand_id: brandId,
          type: 'funnel',
          steps: [
            { event: 'Signed Up', filters: [{ source: 'profile', type: 'string', ...filter }] },
            { event: 'Order' },
          ],
          window: { value: 7, unit: 'days' },
          date_preset: 'past_7_day',
        });
        expect(res.statusCode, res.body).toBe(200);
        return (res.json().data as FunnelAnswer).steps.map((s) => s.count);
      };
      const cohorts = async (filter: Record<string, unknown>) => {
        const res = await call('POST', '/v1/reports/query', {
          brand_id: brandId,
          type: 'retention',
          start_event: 'Signed Up',
          filters: [{ source: 'profile', type: 'string', ...filter }],
          return_event: 'Order',
          period: 'week',
          intervals: 2,
          date_preset: 'past_7_day',
        });
        expect(res.statusCode, res.body).toBe(200);
        return (res.json().data as RetentionAnswer).cohorts.reduce((n, c) => n + c.size, 0);
      };
      const cases: [string, string, string | undefined][] = [
        ['country', 'exact', 'fr'],
        ['country', 'not_exact', 'FR'],
        ['browser', 'exact', 'Chrome'],
        ['browser', 'contain', 'fari'],
        ['country', 'empty', undefined],
      ];
      for (const [property, operator, value] of cases) {
        const listed = await profiles([
          { customer_key: property, condition_type: operator, ...(value ? { value } : {}) },
        ]);
        const counts = await funnel({ property, operator, ...(value ? { value } : {}) });
        expect(counts[0], `${property} ${operator} ${value}`).toBe(listed.length);
        const entered = await cohorts({ property, operator, ...(value ? { value } : {}) });
        expect(entered, `retention: ${property} ${operator} ${value}`).toBe(listed.length);
      }
      // c1 alone is still in France; every customer who signed up ordered.
      expect(await funnel({ property: 'country', operator: 'exact', value: 'FR' })).toEqual([1, 1]);
    });

    it('refuses a filter source it does not know', async () => {
      const res = await call('POST', '/v1/reports/query', {
        brand_id: brandId,
        type: 'trend',
        series: [
          {
            event: 'Order',
            measure: 'total',
            filters: [
              { property: 'country', source: 'session', type: 'string', operator: 'empty' },
            ],
          },
        ],
        granularity: 'day',
        date_preset: 'past_7_day',
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toMatch('Filter source must be event, profile or metadata');
    });
  });
}

attributeSuite('DuckDB', async () => undefined);

const chdbAvailable = await chdbForTests();
let chdbDir: string | undefined;
describe.skipIf(!chdbAvailable)('on ClickHouse', () => {
  attributeSuite('chdb', async () => {
    chdbDir = mkdtempSync(path.join(os.tmpdir(), 'signpost-chdb-'));
    return openClickHouseStore(await openChdbExecutor(chdbDir));
  });
  afterAll(() => {
    if (chdbDir) rmSync(chdbDir, { recursive: true, force: true });
  });
});
