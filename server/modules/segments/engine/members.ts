import { count as countRows, eq, sql } from 'drizzle-orm';
import type { SegmentDefinition } from '../../../../lib/contracts/segments';
import type { AnalyticsStore } from '../../../analytics/types';
import type { Db } from '../../../db/client';
import { customerProfiles } from '../../../db/schema';
import type { ProfileRow } from '../../profiles/profiles.repository';
import { estimateMembers } from './estimate';
import type { ResolveSegment } from './evaluate';
import { countedPage, type Page, prepare, type Prepared, wholePage, wholeRowsOf } from './pages';
import type { SegmentWalks } from './walks';

/**
 * The set evaluator of segments (docs/adr/0022-segment-engine.md, docs/segments.md "Engine"):
 * the product's profiles read from PostgreSQL a page at a time in `id` order, one analytics
 * statement per page counting each event condition per customer, and each profile decided by
 * `segmentHolds`. Memory is one page whatever the product's size; members come in `id` order,
 * so a profile id is the keyset cursor of the member list and of the export.
 */

/**
 * Profiles read per page (and customer keys per analytics statement) of a walk that hands its
 * members on as they come: the export and the member streams, whose memory is a page.
 */
export const SEGMENT_PAGE_SIZE = 1_000;
/**
 * Profiles per page of a walk that only counts (previews, counts, member list totals): one
 * analytics statement scans the product's events whatever number of keys it is given, so fewer,
 * larger statements count faster — 100,000 customers' events took 6.2 s in statements of 1,000
 * keys and about 1 s in statements of 10,000 (docs/performance.md, "Segments").
 */
export const SEGMENT_COUNT_PAGE_SIZE = 10_000;
/**
 * Members handed on at once by `memberPages`: the export writes each slice as one chunk of text
 * (about 13 kB for 100 profiles). A chunk of a page of 1,000 (135 kB) passed V8's 128 kB for
 * an object of the young generation: such a string is made in the large object space, which a
 * scavenge promotes to the old generation as soon as it finds it alive — 50–95 MB of a
 * 1,000,000-row export's RSS growth (docs/performance.md, "Segments").
 */
export const SEGMENT_EXPORT_SLICE = 100;
/** Members a preview shows. */
export const SEGMENT_SAMPLE_SIZE = 10;
/**
 * How long a preview counts before it answers an estimate (docs/segments.md, "Preview"): the
 * count stops at the first page that ends past it with profiles left to read.
 */
export const SEGMENT_PREVIEW_BUDGET_MS = 2_000;

export interface SegmentEngineDeps {
  db: Db;
  /** The store reads go through (the scheduled one: per account, with the request's signal). */
  store: Pick<AnalyticsStore, 'query'>;
  now?: () => number;
  /** Profiles per page of every walk (tests); by default 1,000 streaming and 10,000 counting. */
  pageSize?: number;
  /** Members a slice of `memberPages` holds (tests); by default `SEGMENT_EXPORT_SLICE`. */
  exportSlice?: number;
  /** Milliseconds from a fixed point, for the preview's budget (default `performance.now`). */
  timer?: () => number;
  /** The preview's budget in milliseconds (default `SEGMENT_PREVIEW_BUDGET_MS`). */
  budgetMs?: number;
  /** Bounds each account's walks and pages (walks.ts); the container shares one among engines. */
  walks?: SegmentWalks;
}

export function createSegmentEngine(deps: SegmentEngineDeps) {
  const streamPage = deps.pageSize ?? SEGMENT_PAGE_SIZE;
  const countPage = deps.pageSize ?? SEGMENT_COUNT_PAGE_SIZE;
  const exportSlice = deps.exportSlice ?? SEGMENT_EXPORT_SLICE;
  const clock = deps.now ?? Date.now;
  const timer = deps.timer ?? (() => performance.now());
  const budgetMs = deps.budgetMs ?? SEGMENT_PREVIEW_BUDGET_MS;

  /** Runs one read of an open walk within the account's share of pages. */
  const bounded = <T>(work: () => Promise<T>) => (deps.walks ? deps.walks.page(work) : work());

  /**
   * Each page of members after profile id `after`, in id order, with the page's last id and
   * whether profiles may be left. Opens a walk of the request's account on its first read
   * (a 429 past the account's share) and closes it when it ends or is closed early.
   */
  async function* pages<R>(
    read: (after: number) => Promise<Page<R>>,
    after: number,
  ): AsyncGenerator<{ members: R[]; last: number | null; more: boolean }> {
    const close = deps.walks ? deps.walks.enter() : () => undefined;
    try {
      let cursor = after;
      for (;;) {
        const at = cursor;
        const { members, last, full } = await bounded(() => read(at));
        const more = full && last !== null;
        yield { members, last, more };
        if (!more) return;
        cursor = last;
      }
    } finally {
      close();
    }
  }

  const store = { db: deps.db, store: deps.store };
  /** Reads whole rows `size` profiles a page: what is handed on. */
  const whole = (brandId: number, p: Prepared, size: number) => (after: number) =>
    wholePage(store, brandId, p, after, size);
  /** Reads what a count needs of `countPage` profiles a page. */
  const counted = (brandId: number, p: Prepared) => (after: number) =>
    countedPage(store, brandId, p, after, countPage);

  /**
   * How many profiles the product has now (the estimate's population), and how many of them
   * the walk has examined: those up to its last id, the ones the prefilter skipped included.
   */
  async function profilesOf(brandId: number, upTo: number) {
    const [row] = await deps.db
      .select({
        total: countRows(),
        examined: sql<number>`count(*) FILTER (WHERE ${customerProfiles.id} <= ${upTo})`,
      })
      .from(customerProfiles)
      .where(eq(customerProfiles.brandId, brandId));
    return { total: Number(row?.total ?? 0), examined: Number(row?.examined ?? 0) };
  }

  return {
    /**
     * The members of a definition, in profile id order after `after`. Throws
     * `SegmentNotEvaluable` before reading anything when the definition cannot be evaluated.
     */
    members(
      brandId: number,
      definition: SegmentDefinition,
      resolve: ResolveSegment,
      after = 0,
    ): AsyncGenerator<ProfileRow> {
      const p = prepare(definition, resolve, clock());
      return (async function* () {
        for await (const { members } of pages(whole(brandId, p, streamPage), after)) yield* members;
      })();
    },

    /**
     * The same members in slices of at most `SEGMENT_EXPORT_SLICE` (each non-empty, in id
     * order), read a page at a time: what the export streams, one chunk of text a slice.
     */
    async *memberPages(
      brandId: number,
      definition: SegmentDefinition,
      resolve: ResolveSegment,
    ): AsyncGenerator<ProfileRow[]> {
      const p = prepare(definition, resolve, clock());
      for await (const { members } of pages(whole(brandId, p, streamPage), 0))
        for (let i = 0; i < members.length; i += exportSlice) {
          const slice = members.slice(i, i + exportSlice);
          // What is handed on is no longer held here: it dies as soon as it is written.
          members.fill(undefined as never, i, i + exportSlice);
          yield slice;
        }
    },

    /**
     * How many customers are members, and the first `SEGMENT_SAMPLE_SIZE` of them. Exact unless
     * `estimate` is set: then a count still running when a page ends past the budget stops
     * there and answers the estimate for the whole product with its 95% interval (estimate.ts).
     */
    async count(
      brandId: number,
      definition: SegmentDefinition,
      resolve: ResolveSegment,
      opts: { estimate?: boolean } = {},
    ) {
      const started = timer();
      const p = prepare(definition, resolve, clock());
      let count = 0;
      const firsts: number[] = [];
      const computedAt = new Date(p.now);
      // The sample's whole rows are read once the count ends (the walk reads what it counts).
      const sampleRows = () => wholeRowsOf(deps.db, brandId, firsts);
      for await (const got of pages(counted(brandId, p), 0)) {
        for (const row of got.members) if (firsts.length < SEGMENT_SAMPLE_SIZE) firsts.push(row.id);
        count += got.members.length;
        if (!got.more || !opts.estimate || timer() - started < budgetMs) continue;
        // Over the budget with profiles left: the population is read while the walk is open.
        // The profiles read are those up to the page's last id, prefiltered out or not.
        const last = got.last!;
        const { total, examined: read } = await bounded(() => profilesOf(brandId, last));
        if (total <= read) continue;
        const { count: estimate, ci95 } = estimateMembers(count, read, total);
        const sample = await sampleRows();
        return { count: estimate, sample, computedAt, exact: false as const, ci95 };
      }
      return { count, sample: await sampleRows(), computedAt, exact: true as const };
    },

    /**
     * One page of members after profile id `after` (at most `limit`), the total, and the cursor
     * of the next page (null on the last): one pass over the product's profiles.
     */
    async list(
      brandId: number,
      definition: SegmentDefinition,
      resolve: ResolveSegment,
      q: { after: number; limit: number },
    ) {
      const p = prepare(definition, resolve, clock());
      let total = 0;
      const ids: number[] = [];
      let more = false;
      for await (const { members } of pages(counted(brandId, p), 0))
        for (const row of members) {
          total++;
          if (row.id <= q.after) continue;
          if (ids.length < q.limit) ids.push(row.id);
          else more = true;
        }
      const nextCursor = more ? String(ids.at(-1)) : null;
      // The page's whole rows, read once the walk has counted every member.
      const data = await wholeRowsOf(deps.db, brandId, ids);
      return { data, total, nextCursor, computedAt: new Date(p.now) };
    },
  };
}
export type SegmentEngine = ReturnType<typeof createSegmentEngine>;
