import type { QueryShape } from '../types';
import { compileQuery, readResult, type Dialect } from './build-query';
import { clickhouseDialect } from './clickhouse';
import { duckdbDialect } from './duckdb';

const from = new Date('2024-03-01T00:00:00.000Z');
const to = new Date('2024-04-01T00:00:00.000Z');
const nasty = `x'); DROP TABLE events; --`;
const DIALECTS: Dialect<unknown>[] = [duckdbDialect, clickhouseDialect];

const SHAPES: QueryShape[] = [
  { kind: 'tail', brandId: 7, event: nasty, limit: 20 },
  {
    kind: 'timeline',
    brandId: 7,
    userId: nasty,
    anonymousIds: [nasty, 'k2'],
    limit: 5,
    before: { timestamp: to, messageId: nasty },
  },
  { kind: 'countsByEvent', brandId: 7, from, to, events: [nasty] },
  { kind: 'anyEvent', brandId: 7, except: [nasty] },
  { kind: 'eventCount', brandId: 7, from, to },
];

describe('compileQuery', () => {
  it.each(SHAPES)('keeps values out of the SQL text ($kind)', (shape) => {
    for (const dialect of DIALECTS) {
      const { sql } = compileQuery(shape, dialect);
      expect(sql).not.toContain('DROP');
      expect(sql).not.toContain('2024');
      expect(sql).not.toMatch(/brand_id = 7|IN \(7/);
    }
  });

  it('binds typed parameters per dialect', () => {
    const shape: QueryShape = { kind: 'countsByEvent', brandId: 7, from, to, events: ['a'] };
    const ch = compileQuery(shape, clickhouseDialect);
    expect(ch.sql).toContain('brand_id = {brand:Int32}');
    expect(ch.sql).toContain(`timestamp >= fromUnixTimestamp64Milli({from:Int64}, 'UTC')`);
    expect(ch.sql).toContain('event IN {events:Array(String)}');
    expect(ch.params).toEqual({ brand: 7, from: from.getTime(), to: to.getTime(), events: ['a'] });

    const duck = compileQuery(shape, duckdbDialect);
    expect(duck.sql).toContain('brand_id = $brand');
    expect(duck.sql).toContain('list_contains($events, event)');
    expect(Object.keys(duck.params).sort()).toEqual(['brand', 'events', 'from', 'to']);
  });

  it('turns an empty list into a condition that matches nothing, with no parameter', () => {
    const shape: QueryShape = { kind: 'countsByEvent', brandId: 7, from, to, events: [] };
    for (const dialect of DIALECTS) {
      const { sql, params } = compileQuery(shape, dialect);
      expect(sql).toContain('1 = 0');
      expect(params).not.toHaveProperty('events');
    }
  });

  it('clamps the limit to a non-negative integer', () => {
    const { params } = compileQuery(
      { kind: 'tail', brandId: 1, event: 'e', limit: -3.5 },
      clickhouseDialect,
    );
    expect(params.limit).toBe(0);
  });
});

describe('readResult', () => {
  it('converts bigint and string counts and epoch milliseconds', () => {
    const shape: QueryShape = { kind: 'countsByEvent', brandId: 1, from, to };
    expect(readResult(shape, [{ event: 'a', n: 3n, last_ms: '1709251200000' }])).toEqual([
      { event: 'a', count: 3, lastSeen: new Date('2024-03-01T00:00:00.000Z') },
    ]);
    expect(readResult({ kind: 'eventCount', brandId: 1, from, to }, [{ n: '12' }])).toBe(12);
  });
});

describe('report filters', () => {
  it('extract each filtered property once per row, however many filters read it', () => {
    const filters = [
      { property: 'plan', type: 'string', operator: 'exact', value: 'pro' },
      { property: 'plan', type: 'string', operator: 'not_contain', value: 'x' },
      { property: 'total', type: 'number', operator: 'between', value: { from: 1, to: 9 } },
      { property: 'total', type: 'number', operator: '!=', value: 5 },
    ] as const;
    const trend = {
      kind: 'reportTrend',
      brandId: 7,
      event: 'Order',
      measure: 'total',
      property: null,
      filters,
      from,
      to,
      breakdown: null,
      top: null,
      granularity: 'day',
      timeZone: 'UTC',
    } as unknown as QueryShape;
    const funnel = {
      kind: 'reportFunnel',
      brandId: 7,
      steps: [
        { event: 'A', filters },
        { event: 'B', filters: [] },
      ],
      from,
      to,
      windowMs: 1000,
    } as unknown as QueryShape;
    for (const shape of [trend, funnel]) {
      const { sql } = compileQuery(shape, duckdbDialect);
      // Two properties: two extractions in each subquery the filters read (the trend's buckets
      // and its total are two), and none anywhere else.
      const subqueries = sql.match(/ OFFSET 0\) events WHERE /g)?.length ?? 0;
      expect(subqueries, shape.kind).toBeGreaterThan(0);
      expect(sql.match(/json_extract_string\(properties/g), shape.kind).toHaveLength(
        2 * subqueries,
      );
    }
  });
});
