import { isDeepStrictEqual } from 'node:util';
import {
  MAX_SEGMENTS_PER_PRODUCT,
  type ListSegmentsQuery,
  type SegmentBody,
  type SegmentList,
} from '../../../lib/contracts/segments';
import { MESSAGES } from '../../../lib/messages';
import { segmentProblems, type SegmentProblem } from '../../../lib/segments/problems';
import { referencedBy, referenceProblem } from '../../../lib/segments/references';
import type { Db } from '../../db/client';
import { AppError, notFound, withUniqueConflict } from '../../errors';
import type { BrandAccess } from '../brands/brand-access';
import type { SegmentCounts } from './engine/members-counts';
import type { MembershipChanges } from './engine/membership-change';
import {
  toSegmentDto,
  type SegmentKey,
  type SegmentQueries,
  type SegmentsRepository,
} from './segments.repository';

const M = MESSAGES.segments;

/** A 400 with the path of the problem, as the schema's own checks answer. */
const invalid = (p: SegmentProblem) =>
  new AppError(400, 'validation_error', p.message, [{ path: p.path, message: p.message }]);
const nameTaken = () =>
  new AppError(409, 'name_taken', M.nameTaken, [{ path: 'name', message: M.nameTaken }]);

/** `nextCursor`: base64url of [name, id] of a page's last row. */
const encodeCursor = (k: SegmentKey) =>
  Buffer.from(JSON.stringify([k.name, k.id])).toString('base64url');
function decodeCursor(cursor: string): SegmentKey {
  try {
    const [name, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    if (typeof name === 'string' && Number.isSafeInteger(id)) return { name, id: id as number };
  } catch {
    // fall through
  }
  throw new AppError(400, 'invalid_cursor', MESSAGES.profiles.invalidCursor, [
    { path: 'cursor', message: MESSAGES.profiles.invalidCursor },
  ]);
}

/**
 * Segments of the owner's products (docs/segments.md, "API"). Another account's segment or
 * product answers 404. Writes to one product's segments run one at a time (its row is locked),
 * so the limit, references and cycles they check hold when two saves race.
 */
export function createSegmentsService(deps: {
  segments: SegmentsRepository;
  access: BrandAccess;
  /**
   * The name of a published tour that targets the segment, if one does: deleting it answers 409
   * naming the tour (docs/segments.md, "API"). Read in `tx`, the transaction that holds the
   * product's lock, which a tour save takes too before it checks its segments.
   */
  tourTargeting?: (brandId: number, segmentId: number, tx: Db) => Promise<string | undefined>;
  /**
   * Counts a saved segment's members after the answer (engine/members-counts.ts): the save
   * never waits for it. Without it a segment is counted when its members are listed.
   */
  counts?: Pick<SegmentCounts, 'request'>;
  /**
   * How many members a saved definition gains and loses when a published tour reads the segment
   * (engine/membership-change.ts). Without it a save answers `membership_change: null`.
   */
  membershipChanges?: MembershipChanges;
  /**
   * Tells the tour runtime a product's segments changed, right after each write and before
   * anything is counted (published-flows.ts `changed`, every node): the next decision reads the
   * new definition (docs/segments.md, "Targeting tours").
   */
  changed?: (brandId: number) => Promise<void>;
}) {
  const { segments, access } = deps;
  const owned = async (ownerId: string, id: number) => {
    const row = await segments.find(ownerId, id);
    if (!row) throw notFound(M.notFound);
    return row;
  };

  /** The definition's own checks, then its references among the product's segments. */
  const check = async (repo: SegmentQueries, body: SegmentBody, id?: number) => {
    const problem = segmentProblems(body.definition);
    if (problem) throw invalid(problem);
    const others = (await repo.ofBrand(body.brand_id)).filter((s) => s.id !== id);
    const ref = referenceProblem({ id, name: body.name, definition: body.definition }, others);
    if (ref) throw invalid(ref);
    return others;
  };
  const limitReached = () =>
    new AppError(409, 'segment_limit_reached', M.limitReached(MAX_SEGMENTS_PER_PRODUCT), [
      { path: 'brand_id', message: M.limitReached(MAX_SEGMENTS_PER_PRODUCT) },
    ]);
  const values = (body: SegmentBody) => ({
    brandId: body.brand_id,
    name: body.name,
    definition: body.definition,
  });

  return {
    async list(ownerId: string, q: ListSegmentsQuery): Promise<SegmentList> {
      await access.owned(ownerId, q.brand_id);
      const after = q.cursor ? decodeCursor(q.cursor) : undefined;
      const { rows, total } = await segments.list(q.brand_id, {
        search: q.search?.trim() || undefined,
        after,
        limit: q.limit,
      });
      const page = rows.slice(0, q.limit);
      const last = page.at(-1);
      return {
        data: page.map((r) => {
          const { definition: _definition, created_at: _created, ...item } = toSegmentDto(r);
          return item;
        }),
        total,
        nextCursor: rows.length > q.limit && last ? encodeCursor(last) : null,
      };
    },

    async get(ownerId: string, id: number) {
      return toSegmentDto(await owned(ownerId, id));
    },

    async create(ownerId: string, body: SegmentBody) {
      await access.owned(ownerId, body.brand_id);
      const row = await withUniqueConflict(
        () =>
          segments.locked(body.brand_id, async (repo) => {
            const others = await check(repo, body);
            if (others.length >= MAX_SEGMENTS_PER_PRODUCT) throw limitReached();
            return repo.insert(values(body));
          }),
        nameTaken,
      );
      await deps.changed?.(row.brandId);
      deps.counts?.request(ownerId, row.brandId, row.id);
      return toSegmentDto(row);
    },

    async update(ownerId: string, id: number, body: SegmentBody) {
      const before = await owned(ownerId, id);
      await access.owned(ownerId, body.brand_id);
      const moves = before.brandId !== body.brand_id;
      if (moves) {
        const user = referencedBy(id, await segments.ofBrand(before.brandId));
        if (user) throw new AppError(409, 'segment_in_use', M.usedBySegment(user.name));
      }
      const { row, prior } = await withUniqueConflict(
        () =>
          segments.locked(body.brand_id, async (repo) => {
            const others = await check(repo, body, id);
            if (moves && others.length >= MAX_SEGMENTS_PER_PRODUCT) throw limitReached();
            // The definition this save replaces, read under the lock (a racing save's counts).
            const prior = (await repo.find(ownerId, id)) ?? before;
            return { row: await repo.update(ownerId, id, values(body)), prior };
          }),
        nameTaken,
      );
      if (!row) throw notFound(M.notFound);
      await deps.changed?.(row.brandId);
      if (moves) await deps.changed?.(before.brandId);
      // Counted after the write, outside the product's lock: a failed count answers null and
      // never undoes the save. A move or an unchanged definition changes no tour's audience here.
      // The background count is asked after it, so the two never hold the account's walks at once.
      const changed = !moves && !isDeepStrictEqual(prior.definition, row.definition);
      const membership_change =
        changed && deps.membershipChanges
          ? await deps.membershipChanges.of(
              row.brandId,
              row.id,
              prior.definition,
              row.definition,
              () => segments.ofBrand(row.brandId),
            )
          : null;
      deps.counts?.request(ownerId, row.brandId, row.id);
      return { ...toSegmentDto(row), membership_change };
    },

    async remove(ownerId: string, id: number) {
      const row = await owned(ownerId, id);
      await segments.locked(row.brandId, async (repo, tx) => {
        // Asked under the product's lock, in its transaction: a tour saved meanwhile that targets
        // the segment takes the same lock to check it, so one of the two sees the other's write.
        const tour = await deps.tourTargeting?.(row.brandId, id, tx);
        if (tour) throw new AppError(409, 'segment_in_use', M.usedByTour(tour));
        const user = referencedBy(id, await repo.ofBrand(row.brandId));
        if (user) throw new AppError(409, 'segment_in_use', M.usedBySegment(user.name));
        await repo.remove(ownerId, id);
      });
      await deps.changed?.(row.brandId);
      return { message: M.deletedAnswer };
    },
  };
}
export type SegmentsService = ReturnType<typeof createSegmentsService>;
