import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { segments } from './segments';
import { customerProfiles } from './tracking';

/**
 * Who is in each segment, as the membership sweep last found (docs/segments.md, "Membership
 * records"): one row per member, in profile id order within a segment, so the sweep merges the
 * engine's members with the stored ones a page at a time.
 */
export const segmentMembers = pgTable(
  'segment_members',
  {
    segmentId: integer('segment_id')
      .notNull()
      .references(() => segments.id, { onDelete: 'cascade' }),
    profileId: integer('profile_id')
      .notNull()
      .references(() => customerProfiles.id, { onDelete: 'cascade' }),
    enteredAt: timestamp('entered_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.segmentId, t.profileId] }),
    // A profile's removal cascades here: found by profile without a scan of every segment.
    index('segment_members_profile_idx').on(t.profileId),
  ],
);

/**
 * When each segment's members were last swept: the claim that lets one sweep of one node compute
 * a segment while the others skip it (docs/segments.md, "Membership records").
 */
export const segmentMemberSweeps = pgTable('segment_member_sweeps', {
  segmentId: integer('segment_id')
    .primaryKey()
    .references(() => segments.id, { onDelete: 'cascade' }),
  sweptAt: timestamp('swept_at', { withTimezone: true, mode: 'date' }).notNull(),
});
