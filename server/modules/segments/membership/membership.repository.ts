import { and, asc, count, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  brands,
  customerProfiles,
  segmentMembers,
  segmentMemberSweeps,
  segments,
} from '../../../db/schema';

/** A stored member of a segment, with what its events need: the profile's product and key. */
export interface StoredMember {
  profileId: number;
  brandId: number;
  customerKey: string;
  enteredAt: Date;
}
/** A membership a write actually changed: the events are recorded for these only. */
export interface ChangedMember {
  profileId: number;
  enteredAt: Date;
}

/**
 * Segment membership records (docs/segments.md, "Membership records"): the only reader and
 * writer of `segment_members` and `segment_member_sweeps`. A segment's rows go with it (foreign
 * key cascade), and a profile's with the profile.
 */
export function createMembershipRepository(db: Db) {
  return {
    /**
     * Claims a segment for this sweep: true unless another sweep (of this node or another) claimed
     * it after `claimedBefore`. One conditional upsert, so of two sweeps at once one gets it.
     */
    async claim(segmentId: number, at: Date, claimedBefore: Date): Promise<boolean> {
      const rows = await db
        .insert(segmentMemberSweeps)
        .values({ segmentId, sweptAt: at })
        .onConflictDoUpdate({
          target: segmentMemberSweeps.segmentId,
          set: { sweptAt: at },
          setWhere: lt(segmentMemberSweeps.sweptAt, claimedBefore),
        })
        .returning({ segmentId: segmentMemberSweeps.segmentId });
      return rows.length > 0;
    },

    /**
     * Products after `after` (brand id order) with a segment no sweep claimed since
     * `sweptBefore`: the ones the scheduler enqueues a membership job for.
     */
    async productsDue(after: number, limit: number, sweptBefore: Date) {
      return db
        .selectDistinct({ brandId: segments.brandId, ownerId: brands.ownerId })
        .from(segments)
        .innerJoin(brands, eq(brands.id, segments.brandId))
        .leftJoin(segmentMemberSweeps, eq(segmentMemberSweeps.segmentId, segments.id))
        .where(
          and(
            gt(segments.brandId, after),
            or(isNull(segmentMemberSweeps.sweptAt), lt(segmentMemberSweeps.sweptAt, sweptBefore)),
          ),
        )
        .orderBy(asc(segments.brandId))
        .limit(limit);
    },

    /** At most `limit` stored members of the segment after profile id `after`, in id order. */
    async after(segmentId: number, after: number, limit: number): Promise<StoredMember[]> {
      return db
        .select({
          profileId: segmentMembers.profileId,
          brandId: customerProfiles.brandId,
          customerKey: customerProfiles.customerKey,
          enteredAt: segmentMembers.enteredAt,
        })
        .from(segmentMembers)
        .innerJoin(customerProfiles, eq(customerProfiles.id, segmentMembers.profileId))
        .where(and(eq(segmentMembers.segmentId, segmentId), gt(segmentMembers.profileId, after)))
        .orderBy(asc(segmentMembers.profileId))
        .limit(limit);
    },

    /** Records the profiles as members since `at`; answers those that were not members yet. */
    async enter(segmentId: number, profileIds: number[], at: Date): Promise<ChangedMember[]> {
      if (profileIds.length === 0) return [];
      return db
        .insert(segmentMembers)
        .values(profileIds.map((profileId) => ({ segmentId, profileId, enteredAt: at })))
        .onConflictDoNothing()
        .returning({ profileId: segmentMembers.profileId, enteredAt: segmentMembers.enteredAt });
    },

    /** Removes the profiles from the segment; answers those that were members, with since when. */
    async exit(segmentId: number, profileIds: number[]): Promise<ChangedMember[]> {
      if (profileIds.length === 0) return [];
      return db
        .delete(segmentMembers)
        .where(
          and(
            eq(segmentMembers.segmentId, segmentId),
            inArray(segmentMembers.profileId, profileIds),
          ),
        )
        .returning({ profileId: segmentMembers.profileId, enteredAt: segmentMembers.enteredAt });
    },

    /** How many members the segment has stored (tests, checks). */
    async count(segmentId: number): Promise<number> {
      const [{ n }] = await db
        .select({ n: count() })
        .from(segmentMembers)
        .where(eq(segmentMembers.segmentId, segmentId));
      return n;
    },

    /** When the segment was last claimed by a sweep, if ever. */
    async sweptAt(segmentId: number): Promise<Date | undefined> {
      const [row] = await db
        .select({ at: segmentMemberSweeps.sweptAt })
        .from(segmentMemberSweeps)
        .where(eq(segmentMemberSweeps.segmentId, segmentId));
      return row?.at;
    },
  };
}
export type MembershipRepository = ReturnType<typeof createMembershipRepository>;
