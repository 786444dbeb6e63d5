import { describe, expect, it } from 'vitest';
import { compileQuery, type Dialect } from '@/server/analytics/sql/build-query';
import { clickhouseDialect } from '@/server/analytics/sql/clickhouse';
import { duckdbDialect } from '@/server/analytics/sql/duckdb';
import type { SegmentEventCountsShape } from '@/server/analytics/types';
import { countMatching } from '@/server/modules/flows/runtime/reads';
import { segmentHolds } from '@/server/modules/segments/engine/evaluate';
import { createAccount, ingest, setupTestAccount } from './helpers';

/**
 * Preview and members of segments (docs/segments.md, "Engine"): owner-scoped, the definition
 * checked as a save checks it, a rule the engine cannot evaluate refused, CSV cells escaped.
 */

const definition = {
  operator: 'AND',
  conditions: [{ type: 'customer', customer_key: 'plan', condition_type: 'exact', value: 'pro' }],
};

describe('segment preview and members routes', () => {
  const a = setupTestAccount();

  const seed = async () => {
    const batch = [
      { type: 'identify', userId: 'u1', traits: { plan: 'pro', name: '=HYPERLINK("x"),1' } },
      { type: 'identify', userId: 'u2', traits: { plan: 'free' } },
      { type: 'identify', userId: 'u3', traits: { plan: 'PRO', email: 'a"b@example.com' } },
    ];
    const res = await ingest(a.app, a.writeKey, '/v1/batch', { batch });
    expect(res.json().accepted, res.body).toBe(3);
  };

  it('counts, samples, pages and exports the members; CSV cells are escaped', async () => {
    await seed();
    const preview = await a.call('POST', '/v1/segments/preview', {
      brand_id: a.brandId,
      definition,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json().data;
    expect(p).toMatchObject({ count: 2, exact: true });
    expect(p.sample.map((s: { customer_key: string }) => s.customer_key)).toEqual(['u1', 'u3']);
    expect(typeof p.took_ms).toBe('number');

    const made = await a.call('POST', '/v1/segments', {
      brand_id: a.brandId,
      name: 'Pro',
      definition,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id as number;

    const first = await a.call('GET', `/v1/segments/${id}/members?limit=1`);
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json().data;
    expect(page.total).toBe(2);
    expect(page.data.map((m: { customer_key: string }) => m.customer_key)).toEqual(['u1']);
    expect(page.nextCursor).toBe(String(page.data[0].id));
    expect(Number.isNaN(Date.parse(page.computed_at))).toBe(false);
    const second = (
      await a.call('GET', `/v1/segments/${id}/members?limit=1&cursor=${page.nextCursor}`)
    ).json().data;
    expect(second.data.map((m: { customer_key: string }) => m.customer_key)).toEqual(['u3']);
    expect(second.nextCursor).toBeNull();

    const csv = await a.call('GET', `/v1/segments/${id}/members?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment/);
    const lines = csv.body.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(3);
    // A formula is prefixed with an apostrophe and quoted for its comma and quotes.
    expect(lines[1]).toContain(`"'=HYPERLINK(""x""),1"`);
    expect(lines[2]).toContain('"a""b@example.com"');

    const nd = await a.call('GET', `/v1/segments/${id}/members?format=ndjson`);
    expect(nd.headers['content-type']).toMatch(/^application\/x-ndjson/);
    expect(nd.body.split('\n').filter(Boolean)).toHaveLength(2);
  });

  it("answers 404 for another owner's product or segment", async () => {
    const other = await createAccount(a.app);
    const preview = await other.call('POST', '/v1/segments/preview', {
      brand_id: a.brandId,
      definition,
    });
    expect(preview.statusCode).toBe(404);
    const made = await a.call('POST', '/v1/segments', {
      brand_id: a.brandId,
      name: 'Mine',
      definition,
    });
    const id = made.json().data.id as number;
    expect((await other.call('GET', `/v1/segments/${id}/members`)).statusCode).toBe(404);
    expect((await other.call('GET', `/v1/segments/${id}/members?format=csv`)).statusCode).toBe(404);
  });

  it('refuses a definition with a problem, an unknown segment, or a rule it cannot evaluate', async () => {
    const bad = await a.call('POST', '/v1/segments/preview', {
      brand_id: a.brandId,
      definition: { operator: 'AND', conditions: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('definition.conditions');

    const unknown = await a.call('POST', '/v1/segments/preview', {
      brand_id: a.brandId,
      definition: { operator: 'AND', conditions: [{ type: 'segment', segment_id: 999999 }] },
    });
    expect(unknown.statusCode).toBe(400);

    const dated = await a.call('POST', '/v1/segments/preview', {
      brand_id: a.brandId,
      definition: {
        operator: 'AND',
        conditions: [
          {
            type: 'event',
            event_code: 'Order',
            frequency: { condition_type: 'at_least', value: 1 },
            timeframe: { condition_type: 'anytime' },
            attribute_conditions: [
              { attribute_key: 'paid_at', condition_type: 'before', value: '2026-01-01' },
            ],
          },
        ],
      },
    });
    expect(dated.statusCode, dated.body).toBe(400);
    expect(dated.json()).toMatchObject({
      code: 'segment_not_evaluable',
      details: [{ path: 'definition' }],
    });
  });
});

describe('segment event property conditions on lists', () => {
  const a = setupTestAccount();

  it('reads a list property as the runtime does (element equality for contain, text otherwise)', async () => {
    const now = Date.now();
    const lists: Record<string, unknown[]> = {
      l1: ['web'],
      l2: ['App', 'web'],
      l3: ['webby'],
      l4: [],
      l5: [5],
    };
    const batch = Object.entries(lists).map(([userId, tags], i) => ({
      type: 'track',
      userId,
      event: 'Order',
      properties: { tags },
      timestamp: new Date(now - (i + 1) * 3_600_000).toISOString(),
    }));
    expect((await ingest(a.app, a.writeKey, '/v1/batch', { batch })).json().accepted).toBe(5);
    const events = Object.fromEntries(
      batch.map((e) => [
        e.userId,
        [{ event: 'Order', timestamp: new Date(e.timestamp), properties: e.properties }],
      ]),
    );
    const profiles = (
      await a.call('GET', `/v1/customer-profiles?brand_id=${a.brandId}&limit=100`)
    ).json().data.data as { customer_key: string }[];
    const cases: [string, unknown][] = [
      ['contain', 'web'],
      ['not_contain', 'web'],
      ['exact', 'web'],
      ['exact', 'app,web'],
      ['not_exact', 'web'],
      ['starts_with', 'app'],
      ['empty', null],
      ['not_empty', null],
      ['=', 5],
      ['>', 4],
    ];
    for (const [type, value] of cases) {
      const condition = {
        type: 'event' as const,
        event_id: null,
        event_code: 'Order',
        frequency: { condition_type: 'at_least' as const, value: 1 },
        timeframe: { condition_type: 'anytime' as const, value: null, unit: null },
        attribute_conditions: [
          { attribute_key: 'tags', condition_type: type as 'exact', value: value as string },
        ],
        attribute_condition_operator: 'AND' as const,
      };
      const definition = { operator: 'AND' as const, conditions: [condition] };
      const want = profiles.filter((p) =>
        segmentHolds(
          definition,
          {
            profile: {},
            eventCount: (c) => countMatching(events[p.customer_key] ?? [], c, Date.now()),
          },
          Date.now(),
          () => undefined,
        ),
      ).length;
      const res = await a.call('POST', '/v1/segments/preview', { brand_id: a.brandId, definition });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.count, `${type} ${String(value)}`).toBe(want);
    }
  });
});

describe('segmentEventCounts SQL', () => {
  const shape: SegmentEventCountsShape = {
    kind: 'segmentEventCounts',
    brandId: 7,
    customerKeys: ["o'brien"],
    conditions: [
      {
        event: "Order'); DROP TABLE events; --",
        from: new Date('2026-11-01T00:00:00Z'),
        to: null,
        properties: [{ key: 'chan"nel', type: 'contain', value: "it's" }],
        operator: 'AND',
      },
    ],
  };

  it.each([duckdbDialect, clickhouseDialect] as Dialect<unknown>[])(
    'binds every value ($name)',
    (dialect) => {
      const { sql, params } = compileQuery(shape, dialect);
      for (const text of ["o'brien", 'DROP TABLE', "it's", 'chan"nel'])
        expect(sql).not.toContain(text);
      const values = JSON.stringify(params, (_, v: unknown) =>
        typeof v === 'bigint' ? String(v) : v,
      );
      expect(values).toContain('DROP TABLE');
      expect(values).toContain("it's");
    },
  );
});
