import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadChdb, openChdbExecutor } from '../chdb.executor';
import { openClickHouseStore } from '../clickhouse.store';
import { openDuckDBStore } from '../duckdb.store';
import { LINK_CLICKED_EVENT, type LinkClicksShape } from '../link-click-shape';
import { trackEvent } from '../test-events';
import type { AnalyticsStore, EventRow } from '../types';
import { compileQuery, type Dialect } from './build-query';
import { clickhouseDialect } from './clickhouse';
import { duckdbDialect } from './duckdb';

/** The `linkClicks` shape (docs/short-urls.md, "Report") on DuckDB, and on chdb when installed. */

const chdbAvailable = (await loadChdb()) !== null;
const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

let n = 0;
function click(
  linkId: number,
  iso: string,
  props: Record<string, unknown>,
  extra: Partial<EventRow> = {},
  brandId = 1,
): EventRow {
  return trackEvent(brandId, `c${++n}`, LINK_CLICKED_EVENT, iso, {
    anonymousId: `v${n}`,
    properties: { link_id: linkId, slug: `s${linkId}`, bot: false, unique: false, ...props },
    ...extra,
  });
}

const FIXTURE: EventRow[] = [
  // 2024-03-04 (Monday) late evening UTC: already the 5th in Tokyo.
  click(
    7,
    '2024-03-04T20:00:00Z',
    { unique: true, referrer: 'mail.google.com', utm_source: 'nl' },
    { country: 'DE', device: 'Desktop' },
  ),
  click(
    7,
    '2024-03-04T21:00:00Z',
    { unique: false, utm_source: 'nl' },
    { country: 'DE', device: 'Desktop' },
  ),
  click(7, '2024-03-06T09:00:00Z', { unique: true }, { device: 'Mobile' }),
  click(7, '2024-03-06T09:01:00Z', { bot: true, bot_reason: 'preview' }, { device: 'Desktop' }),
  // Another link, another product, another code, outside the range: never counted.
  click(8, '2024-03-05T10:00:00Z', { unique: true }),
  click(7, '2024-03-05T10:00:00Z', { unique: true }, {}, 2),
  trackEvent(1, 'other', 'Order', '2024-03-05T10:00:00Z', {
    userId: 'u',
    properties: { link_id: 7 },
  }),
  click(7, '2024-03-20T10:00:00Z', { unique: true }),
];

const shape = (over: Partial<LinkClicksShape> = {}): LinkClicksShape => ({
  kind: 'linkClicks',
  brandId: 1,
  linkId: 7,
  from: new Date('2024-03-01T00:00:00Z'),
  to: new Date('2024-03-08T00:00:00Z'),
  granularity: 'day',
  timeZone: 'UTC',
  includeBots: false,
  limit: 10,
  ...over,
});

function suite(open: () => Promise<AnalyticsStore>) {
  let store: AnalyticsStore;
  it('counts totals, buckets on the zone clock and breakdowns of one link', async () => {
    store = await open();
    await store.insert(FIXTURE);
    const r = await store.query(shape());
    expect(r.totals).toEqual({ clicks: 4, unique: 2, bots: 1 });
    expect(r.buckets).toEqual([
      { bucket: '2024-03-04', clicks: 2, unique: 1 },
      { bucket: '2024-03-06', clicks: 1, unique: 1 },
    ]);
    expect(r.breakdowns).toEqual({
      country: [
        { value: 'DE', clicks: 2 },
        { value: '', clicks: 1 },
      ],
      referrer: [
        { value: '', clicks: 2 },
        { value: 'mail.google.com', clicks: 1 },
      ],
      device: [
        { value: 'Desktop', clicks: 2 },
        { value: 'Mobile', clicks: 1 },
      ],
      utm_source: [
        { value: 'nl', clicks: 2 },
        { value: '', clicks: 1 },
      ],
    });
  });

  it('includes bots on request, follows the zone, limits the breakdowns, and answers nothing empty', async () => {
    const all = await store.query(shape({ includeBots: true, limit: 1 }));
    expect(all.totals).toEqual({ clicks: 4, unique: 2, bots: 1 });
    expect(all.buckets).toEqual([
      { bucket: '2024-03-04', clicks: 2, unique: 1 },
      { bucket: '2024-03-06', clicks: 2, unique: 1 },
    ]);
    expect(all.breakdowns.device).toEqual([{ value: 'Desktop', clicks: 3 }]);
    const tokyo = await store.query(shape({ timeZone: 'Asia/Tokyo', granularity: 'week' }));
    expect(tokyo.buckets).toEqual([{ bucket: '2024-03-04', clicks: 3, unique: 2 }]);
    const none = await store.query(shape({ linkId: 99 }));
    expect(none).toEqual({
      totals: { clicks: 0, unique: 0, bots: 0 },
      buckets: [],
      breakdowns: { country: [], referrer: [], device: [], utm_source: [] },
    });
    await store.close();
  });
}

describe('linkClicks on DuckDB', () => {
  suite(() => openDuckDBStore(':memory:'));
});

describe.skipIf(!chdbAvailable)('linkClicks on ClickHouse (chdb)', () => {
  suite(async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'signpost-links-'));
    dirs.push(dir);
    return openClickHouseStore(await openChdbExecutor(dir));
  });
});

describe('linkClicks SQL', () => {
  it('binds every value on both dialects', () => {
    for (const dialect of [duckdbDialect, clickhouseDialect] as Dialect<unknown>[]) {
      const { sql, params } = compileQuery(
        shape({ timeZone: "Europe/Paris'; DROP TABLE events; --" }),
        dialect,
      );
      expect(sql).not.toContain('DROP TABLE');
      expect(sql).not.toContain(LINK_CLICKED_EVENT);
      expect(Object.keys(params)).toEqual(
        expect.arrayContaining(['brand', 'event', 'from', 'to', 'link', 'tz', 'limit']),
      );
    }
  });
});
