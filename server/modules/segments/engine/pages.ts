import { and, asc, eq, getTableColumns, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { SegmentDefinition, SegmentEventCondition } from '../../../../lib/contracts/segments';
import { MESSAGES } from '../../../../lib/messages';
import { UNCOUNTABLE_PROPERTY_TYPES } from '../../../analytics/sql/segments';
import type { AnalyticsStore, SegmentCountedEvent } from '../../../analytics/types';
import type { Db } from '../../../db/client';
import { customerProfiles } from '../../../db/schema';
import { eventWindow } from '../../flows/runtime/decide';
import { profileValues } from '../../flows/runtime/reads';
import type { ProfileRow } from '../../profiles/profiles.repository';
import {
  customerKeysOf,
  eventConditionsOf,
  segmentHolds,
  SegmentNotEvaluable,
  type ResolveSegment,
} from './evaluate';
import { segmentPrefilter } from './prefilter';
import { type CountedProfile, profileReads, type ProfileReads } from './profile-reads';

/**
 * One page of the set evaluator (docs/adr/0022-segment-engine.md, docs/segments.md "Engine"):
 * the product's profiles after a profile id, in id order, that pass the prefilter — whole rows
 * for the walks that hand members on, only what the definition reads for the walks that count —
 * one analytics statement counting the page's customers' events, and each profile decided by
 * `segmentHolds`.
 */

/** One definition made ready to run: its event conditions and what the statement counts. */
export interface Prepared {
  definition: SegmentDefinition;
  resolve: ResolveSegment;
  now: number;
  conditions: SegmentEventCondition[];
  counted: SegmentCountedEvent[];
  /** The values the definition reads of a row (profile-reads.ts) and the lateral computing them. */
  reads: ProfileReads;
  /** The page query's prefilter (prefilter.ts): profiles it skips are certainly not members. */
  where: SQL | undefined;
}

export function prepare(
  definition: SegmentDefinition,
  resolve: ResolveSegment,
  now: number,
): Prepared {
  const conditions = eventConditionsOf(definition, resolve);
  const counted = conditions.map((c): SegmentCountedEvent => {
    for (const a of c.attribute_conditions)
      if (UNCOUNTABLE_PROPERTY_TYPES.includes(a.condition_type))
        throw new SegmentNotEvaluable(MESSAGES.segments.dateProperty(a.attribute_key));
    const w = eventWindow(c.timeframe, now);
    return {
      event: c.event_code || null,
      from: w.from === null ? null : new Date(w.from),
      to: w.to === null ? null : new Date(w.to),
      properties: c.attribute_conditions.map((a) => ({
        key: a.attribute_key,
        type: a.condition_type,
        value: a.value,
      })),
      operator: c.attribute_condition_operator,
    };
  });
  const reads = profileReads(customerKeysOf(definition, resolve));
  return {
    definition,
    resolve,
    now,
    conditions,
    counted,
    reads,
    where: segmentPrefilter(definition, reads.value).where,
  };
}

/** The page query's filter: the product, the keyset cursor and the prefilter. */
const pageWhere = (brandId: number, p: Prepared, after: number) =>
  and(eq(customerProfiles.brandId, brandId), gt(customerProfiles.id, after), p.where);

/** Whole profile rows of the page after profile id `after`. */
async function wholeRows(db: Db, brandId: number, p: Prepared, after: number, size: number) {
  const q = db.select(getTableColumns(customerProfiles)).from(customerProfiles);
  return (p.reads.lateral ? q.crossJoinLateral(p.reads.lateral) : q)
    .where(pageWhere(brandId, p, after))
    .orderBy(asc(customerProfiles.id))
    .limit(size) as Promise<ProfileRow[]>;
}

/**
 * What a count reads of the page: each profile's id, customer key and the values read (the
 * definition's projection must exist), aggregated by PostgreSQL into one JSON text — reading
 * rows from PGlite's thread costs by the field and the row, one text of 10,000 profiles about
 * half as much (docs/performance.md, "Segments"). Exported for bench/segments.bench.ts.
 */
export async function projectedRows(
  db: Db,
  brandId: number,
  p: Prepared,
  after: number,
  size: number,
): Promise<CountedProfile[]> {
  const projection = p.reads.projection!;
  const q = db
    .select({ id: customerProfiles.id, row: projection.row.as('row') })
    .from(customerProfiles);
  const page = (p.reads.lateral ? q.crossJoinLateral(p.reads.lateral) : q)
    .where(pageWhere(brandId, p, after))
    .orderBy(asc(customerProfiles.id))
    .limit(size)
    .as('page');
  const [got] = await db
    .select({ rows: sql<string>`coalesce(json_agg(${page.row} ORDER BY ${page.id}), '[]')::text` })
    .from(page);
  return projection.parse(got?.rows ?? '[]');
}

/** The members among `rows`: one analytics statement for their events, then `segmentHolds`. */
async function decide<R extends { customerKey: string }>(
  store: Pick<AnalyticsStore, 'query'>,
  brandId: number,
  p: Prepared,
  rows: R[],
  valuesOf: (row: R) => Record<string, unknown>,
) {
  const counts = new Map<string, number[]>();
  if (rows.length > 0 && p.counted.length > 0) {
    const found = await store.query({
      kind: 'segmentEventCounts',
      brandId,
      customerKeys: rows.map((r) => r.customerKey),
      conditions: p.counted,
    });
    for (const r of found) counts.set(r.customerKey, r.counts);
  }
  const index = new Map(p.conditions.map((c, i) => [c, i]));
  return rows.filter((row) => {
    const own = counts.get(row.customerKey);
    const facts = {
      profile: valuesOf(row),
      eventCount: (c: SegmentEventCondition) => own?.[index.get(c) ?? -1] ?? 0,
    };
    return segmentHolds(p.definition, facts, p.now, p.resolve);
  });
}

/** A page's members, its last profile id (those the prefilter skipped included) and fullness. */
export interface Page<R> {
  members: R[];
  last: number | null;
  full: boolean;
}

export interface PageDeps {
  db: Db;
  store: Pick<AnalyticsStore, 'query'>;
}

/** The members (whole rows) of the page of `size` profiles after profile id `after`. */
export async function wholePage(
  deps: PageDeps,
  brandId: number,
  p: Prepared,
  after: number,
  size: number,
): Promise<Page<ProfileRow>> {
  const rows = await wholeRows(deps.db, brandId, p, after, size);
  const members = await decide(deps.store, brandId, p, rows, profileValues);
  return { members, last: rows.at(-1)?.id ?? null, full: rows.length === size };
}

/**
 * The members of the same page as `wholePage`, each only as far as the definition reads it
 * (whole rows when its keys cannot be projected, profile-reads.ts).
 */
export async function countedPage(
  deps: PageDeps,
  brandId: number,
  p: Prepared,
  after: number,
  size: number,
): Promise<Page<{ id: number; customerKey: string }>> {
  const projection = p.reads.projection;
  if (!projection) return wholePage(deps, brandId, p, after, size);
  const rows = await projectedRows(deps.db, brandId, p, after, size);
  const members = await decide(deps.store, brandId, p, rows, (r) => r.profile);
  return { members, last: rows.at(-1)?.id ?? null, full: rows.length === size };
}

/** The whole rows of the profiles `ids` of the product, in id order (those still there). */
export async function wholeRowsOf(db: Db, brandId: number, ids: number[]): Promise<ProfileRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(customerProfiles)
    .where(and(eq(customerProfiles.brandId, brandId), inArray(customerProfiles.id, ids)))
    .orderBy(asc(customerProfiles.id));
}
