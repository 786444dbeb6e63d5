/**
 * The engine's own work for bench/segments.bench.ts, without the API, the scheduler or DuckDB's
 * thread: the statements one API call runs, recorded by wrapping the server's store (as
 * bench/reports.bench.ts does), then replayed page by page — the same profile page read by the
 * same query on the same database, that page's compiled statement run on a DuckDB connection of
 * the caller and read as the store reads it, each profile decided by `segmentHolds`. The
 * definition is prepared per run, as the API prepares it per call.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import type { SegmentDefinition, SegmentEventCondition } from '../../lib/contracts/segments';
import { compileQuery, readResult } from '../../server/analytics/sql/build-query';
import { duckdbDialect } from '../../server/analytics/sql/duckdb';
import type { SegmentEventCountsShape } from '../../server/analytics/segment-shape';
import type { AnalyticsStore, QueryShape } from '../../server/analytics/types';
import type { Db } from '../../server/db/client';
import { segmentHolds } from '../../server/modules/segments/engine/evaluate';
import { SEGMENT_COUNT_PAGE_SIZE } from '../../server/modules/segments/engine/members';
import { prepare, projectedRows } from '../../server/modules/segments/engine/pages';

/** The statements `call` makes `store` run, in order, compiled as the store compiles them. */
export async function recordStatements<T>(store: AnalyticsStore, call: () => Promise<T>) {
  const query = store.query.bind(store);
  const shapes: QueryShape[] = [];
  store.query = (async (shape: QueryShape, opts?: Parameters<typeof query>[1]) => {
    shapes.push(shape);
    return query(shape, opts);
  }) as typeof store.query;
  try {
    const answer = await call();
    const statements = shapes.map((shape) => {
      if (shape.kind !== 'segmentEventCounts')
        throw new Error(`the API ran a ${shape.kind} statement, not segmentEventCounts`);
      return { shape, ...compileQuery(shape, duckdbDialect) };
    });
    return { answer, statements };
  } finally {
    store.query = query;
  }
}
type Statement = Awaited<ReturnType<typeof recordStatements>>['statements'][number];

/** Milliseconds spent per part, summed over runs. */
export interface EngineParts {
  postgres: number;
  duckdb: number;
  evaluator: number;
}

export function directEngine(opts: {
  db: Db;
  brandId: number;
  definition: SegmentDefinition;
  statements: Statement[];
  connection: DuckDBConnection;
  parts: EngineParts;
}) {
  const { definition, statements, parts } = opts;
  const resolve = () => undefined;
  /** Counts the members; `check`: each statement must be of its page's customers. */
  return async (check = false) => {
    const now = Date.now();
    // The page query of a count, as the engine's: the prefilter and the projection of what the
    // definition reads (server/modules/segments/engine/pages.ts, profile-reads.ts).
    const p = prepare(definition, resolve, now);
    const projection = p.reads.projection;
    if (!projection) throw new Error("the bench's definition reads keys that are not projected");
    const index = new Map(p.conditions.map((c, i) => [c, i]));
    let at = performance.now();
    const lap = (part: keyof EngineParts) => {
      const next = performance.now();
      parts[part] += next - at;
      at = next;
    };
    let count = 0;
    let cursor = 0;
    for (let page = 0; ; page++) {
      const rows = await projectedRows(opts.db, opts.brandId, p, cursor, SEGMENT_COUNT_PAGE_SIZE);
      lap('postgres');
      if (rows.length === 0) break;
      const s = statements[page];
      if (!s) throw new Error(`the API ran no statement for page ${page}`);
      const shape = s.shape as SegmentEventCountsShape;
      if (check && shape.customerKeys.join() !== rows.map((r) => r.customerKey).join())
        throw new Error(`page ${page}: the API's statement counted other customers`);
      const read = await opts.connection.runAndReadAll(s.sql, s.params as never);
      const found = readResult(shape, read.getRowObjects());
      lap('duckdb');
      const counts = new Map(found.map((r) => [r.customerKey, r.counts]));
      for (const row of rows) {
        const own = counts.get(row.customerKey);
        const facts = {
          profile: row.profile,
          eventCount: (c: SegmentEventCondition) => own?.[index.get(c) ?? -1] ?? 0,
        };
        if (segmentHolds(definition, facts, now, resolve)) count++;
      }
      lap('evaluator');
      if (rows.length < SEGMENT_COUNT_PAGE_SIZE) break;
      cursor = rows.at(-1)!.id;
    }
    return count;
  };
}
