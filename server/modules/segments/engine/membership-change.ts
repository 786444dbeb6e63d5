import type { MembershipChange, SegmentDefinition } from '../../../../lib/contracts/segments';
import { readersOf } from '../../../../lib/segments/readers';
import type { SegmentNode } from '../../../../lib/segments/references';
import type { ProfileRow } from '../../profiles/profiles.repository';
import type { ResolveSegment } from './evaluate';
import type { SegmentEngine } from './members';

/**
 * How many members a saved definition gains and loses, told when a published tour reads the
 * segment (docs/segments.md, "API"): the old and the new member lists walked side by side in
 * profile id order (two walks of the account, a page of each in memory whatever the product's
 * size), so the answer is exact.
 */

/** Members of `after` not in `before` (gained) and of `before` not in `after` (lost). */
export async function membershipDiff(
  engine: Pick<SegmentEngine, 'members'>,
  brandId: number,
  before: SegmentDefinition,
  after: SegmentDefinition,
  resolve: ResolveSegment,
): Promise<{ gained: number; lost: number }> {
  const old = engine.members(brandId, before, resolve);
  const next = engine.members(brandId, after, resolve);
  try {
    let [a, b] = await Promise.all([old.next(), next.next()]);
    let gained = 0;
    let lost = 0;
    const idOf = (r: IteratorResult<ProfileRow>) => (r.done ? Infinity : r.value.id);
    while (!a.done || !b.done) {
      const x = idOf(a);
      const y = idOf(b);
      if (x < y) {
        lost++;
        a = await old.next();
      } else if (y < x) {
        gained++;
        b = await next.next();
      } else [a, b] = await Promise.all([old.next(), next.next()]);
    }
    return { gained, lost };
  } finally {
    // A failed read closes both walks (a finished one closes again at no cost).
    await Promise.allSettled([old.return(undefined), next.return(undefined)]);
  }
}

export interface MembershipChangeDeps {
  engine: Pick<SegmentEngine, 'members'>;
  /** The published tours of the product targeting any of these segments (flows repository). */
  toursTargeting: (
    brandId: number,
    segmentIds: readonly number[],
  ) => Promise<{ id: number; name: string }[]>;
  /** A failed count (a 429 of the walks, a refused rule, a store error): the answer says null. */
  onError?: (err: unknown, segmentId: number) => void;
}

export function createMembershipChanges(deps: MembershipChangeDeps) {
  return {
    /**
     * The change of segment `segmentId`'s members from `before` to `after` in product `brandId`,
     * whose segments (as saved, this one included) `segments` reads, with the published tours that
     * read it (targeting it or a segment including it). Null when no published tour reads it or
     * the count failed: never throws, the save is already done.
     */
    async of(
      brandId: number,
      segmentId: number,
      before: SegmentDefinition,
      after: SegmentDefinition,
      segments: () => Promise<readonly (SegmentNode & { definition: SegmentDefinition })[]>,
    ): Promise<MembershipChange | null> {
      try {
        const all = await segments();
        const ids = [segmentId, ...readersOf(segmentId, all)];
        const tours = await deps.toursTargeting(brandId, ids);
        if (tours.length === 0) return null;
        // Neither definition reads the segment itself, so the others resolve alike before and
        // after the save.
        const byId = new Map(all.map((s) => [s.id, s.definition]));
        const change = await membershipDiff(deps.engine, brandId, before, after, (id) =>
          byId.get(id),
        );
        return { ...change, tours: tours.map((t) => ({ id: t.id, name: t.name })) };
      } catch (err) {
        deps.onError?.(err, segmentId);
        return null;
      }
    },
  };
}
export type MembershipChanges = ReturnType<typeof createMembershipChanges>;
