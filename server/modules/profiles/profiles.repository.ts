import { and, asc, count, desc, eq, gt, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { ownedById } from '../../db/owned';
import { accountUsage, customerProfiles } from '../../db/schema';
import { PROFILE_MAX_ANONYMOUS_IDS, PROFILE_MAX_KEYS } from '../../../lib/constants';
import type { AttributeCondition } from '../../../lib/conditions';
import type { ListProfilesQuery } from '../../../lib/contracts/customer-profiles';
import type { ProfilePatch } from './profile-upsert';
import {
  profileChanges,
  RETURNING_WATCHED,
  type ProfileTraits,
  type ProfileWatch,
  type UpsertedRow,
} from './profile-changes';
import { conditionSql, type AttributeColumn } from './profile-filter';
import { containing } from '../../db/like';

export type ProfileRow = typeof customerProfiles.$inferSelect;

/**
 * `old || new` while the result stays within PROFILE_MAX_KEYS keys; past that only the keys the
 * profile already has are updated (new ones are not added).
 */
const cappedMerge = (old: SQL, patch: SQL) => sql`CASE
  WHEN (SELECT count(*) FROM jsonb_object_keys(${old} || ${patch})) <= ${PROFILE_MAX_KEYS}
  THEN ${old} || ${patch}
  ELSE ${old} || (SELECT coalesce(jsonb_object_agg(k, v), '{}'::jsonb)
                  FROM jsonb_each(${patch}) AS e(k, v) WHERE ${old} ? k)
  END`;

/** Customer profiles. Callers pass brand ids they have already checked belong to the session. */
export function createProfilesRepository(db: Db) {
  const ownedBy = (ownerId: string, id: number) => ownedById(db, customerProfiles, ownerId, id);
  // The flow runtime reads a visitor's profile on many page views: prepared once.
  const anonymous = and(
    eq(customerProfiles.customerKey, sql.placeholder('anon')),
    sql`${sql.placeholder('anon')} = ANY(${customerProfiles.anonymousIds})`,
  );
  const visitorByAnonymousId = db
    .select()
    .from(customerProfiles)
    .where(and(eq(customerProfiles.brandId, sql.placeholder('brand')), anonymous))
    .prepare('profiles_visitor_anonymous');
  const visitorByUser = db
    .select()
    .from(customerProfiles)
    .where(
      and(
        eq(customerProfiles.brandId, sql.placeholder('brand')),
        or(eq(customerProfiles.customerKey, sql.placeholder('user')), anonymous),
      ),
    )
    .prepare('profiles_visitor_user');
  // An unsigned user id reaches its user's profile only if this anonymous id is already on it.
  const visitorByClaim = db
    .select()
    .from(customerProfiles)
    .where(
      and(
        eq(customerProfiles.brandId, sql.placeholder('brand')),
        or(
          and(
            eq(customerProfiles.customerKey, sql.placeholder('user')),
            sql`${sql.placeholder('anon')} = ANY(${customerProfiles.anonymousIds})`,
          ),
          anonymous,
        ),
      ),
    )
    .prepare('profiles_visitor_claim');
  return {
    /**
     * Upserts one brand's patches and adds the customers newly active in a month to the owner's
     * usage counter, in one transaction. Idempotent: replaying a batch counts nobody twice.
     * With `watch`, the profiles it created or whose traits it changed are handed to
     * `watch.record` inside the transaction (so a replay, which changes nothing, hands none).
     */
    async applyPatches(
      brandId: number,
      ownerId: string,
      patches: ProfilePatch[],
      watch?: ProfileWatch,
    ) {
      if (patches.length === 0) return;
      await db.transaction(async (tx) => {
        // Lock and read the current months first: a row lock inside the upsert statement would
        // skip rows that statement itself updates. The traits are read only when watched.
        const keys = patches.map((p) => p.customer_key);
        const fields: SelectedFields = {
          key: customerProfiles.customerKey,
          month: customerProfiles.activeMonth,
        };
        if (watch?.updated)
          Object.assign(fields, {
            email: customerProfiles.email,
            name: customerProfiles.name,
            dataAttributes: customerProfiles.dataAttributes,
            metadata: customerProfiles.metadata,
          });
        const locked = (await tx
          .select(fields)
          .from(customerProfiles)
          .where(
            and(eq(customerProfiles.brandId, brandId), inArray(customerProfiles.customerKey, keys)),
          )
          .for('update')) as ({ key: string; month: number } & Partial<ProfileTraits>)[];
        const before = new Map(locked.map((r) => [r.key, r.month]));
        const traitsBefore = new Map<string, ProfileTraits>(
          watch?.updated ? locked.map((r) => [r.key, r as ProfileTraits]) : [],
        );
        const result = await tx.execute(sql`
          INSERT INTO customer_profiles AS c (brand_id, customer_key, anonymous_ids, email, name,
            data_attributes, metadata, first_seen, last_seen, active_month)
          SELECT ${brandId}, customer_key, anonymous_ids, email, name, data_attributes, metadata,
            first_seen, last_seen, active_month
          FROM jsonb_to_recordset(${JSON.stringify(patches)}::jsonb) AS x(
            customer_key text, anonymous_ids text[], email text, name text,
            data_attributes jsonb, metadata jsonb, first_seen timestamptz,
            last_seen timestamptz, active_month int)
          ON CONFLICT (brand_id, customer_key) DO UPDATE SET
            anonymous_ids = ARRAY(
              SELECT u FROM (
                SELECT u, max(o) AS o
                FROM unnest(c.anonymous_ids || EXCLUDED.anonymous_ids) WITH ORDINALITY AS t(u, o)
                GROUP BY u ORDER BY o DESC LIMIT ${PROFILE_MAX_ANONYMOUS_IDS}) newest
              ORDER BY o),
            email = COALESCE(EXCLUDED.email, c.email),
            name = COALESCE(EXCLUDED.name, c.name),
            data_attributes = ${cappedMerge(sql.raw('c.data_attributes'), sql.raw('EXCLUDED.data_attributes'))},
            metadata = ${cappedMerge(sql.raw('c.metadata'), sql.raw('EXCLUDED.metadata'))},
            first_seen = LEAST(c.first_seen, EXCLUDED.first_seen),
            last_seen = GREATEST(c.last_seen, EXCLUDED.last_seen),
            active_month = GREATEST(c.active_month, EXCLUDED.active_month)
          RETURNING c.customer_key AS key, c.active_month AS month, (c.xmax = 0) AS inserted
          ${watch ? sql.raw(RETURNING_WATCHED) : sql``}`);
        const rows = (result as unknown as { rows: UpsertedRow[] }).rows;
        if (watch) {
          const changes = profileChanges(rows, traitsBefore, watch);
          if (changes.length > 0) await watch.record(tx, changes);
        }
        // A customer counts once per month: when inserted now, or moved to a newer month. A row
        // another node inserted between our read and our upsert was counted by that node.
        const perMonth = new Map<number, number>();
        for (const r of rows) {
          const month = Number(r.month);
          const prev = before.get(r.key);
          const counts = r.inserted || (prev !== undefined && month > prev);
          if (counts) perMonth.set(month, (perMonth.get(month) ?? 0) + 1);
        }
        for (const [month, n] of perMonth)
          await tx
            .insert(accountUsage)
            .values({ userId: ownerId, month, mauCount: n })
            .onConflictDoUpdate({
              target: [accountUsage.userId, accountUsage.month],
              set: { mauCount: sql`${accountUsage.mauCount} + excluded.mau_count` },
            });
      });
    },

    async monthlyActive(ownerId: string, month: number) {
      const [row] = await db
        .select({ n: accountUsage.mauCount })
        .from(accountUsage)
        .where(and(eq(accountUsage.userId, ownerId), eq(accountUsage.month, month)));
      return row?.n ?? 0;
    },

    async list(
      q: Pick<ListProfilesQuery, 'search' | 'sort_order'> & {
        brandId: number;
        /** Attribute conditions, each with where its attribute is stored, joined by `operator`. */
        filter?: {
          conditions: { column: AttributeColumn; condition: AttributeCondition }[];
          operator: 'AND' | 'OR';
        };
        /** Keyset: rows after this one in the list's order. */
        after?: { lastSeen: Date; id: number };
        offset: number;
        limit: number;
      },
    ) {
      const parts: SQL[] = [eq(customerProfiles.brandId, q.brandId)];
      const page: SQL[] = [];
      if (q.after) {
        const { lastSeen, id } = q.after;
        const beyond = q.sort_order === 'asc' ? gt : lt;
        page.push(
          or(
            beyond(customerProfiles.lastSeen, lastSeen),
            and(eq(customerProfiles.lastSeen, lastSeen), beyond(customerProfiles.id, id)),
          ) as SQL,
        );
      }
      if (q.search) {
        const like = containing(q.search);
        parts.push(
          or(
            ilike(customerProfiles.customerKey, like),
            ilike(customerProfiles.email, like),
            ilike(customerProfiles.name, like),
          ) as SQL,
        );
      }
      if (q.filter?.conditions.length) {
        const each = q.filter.conditions.map((c) => conditionSql(c.column, c.condition));
        parts.push((q.filter.operator === 'OR' ? or(...each) : and(...each)) as SQL);
      }
      const where = and(...parts);
      const sort = q.sort_order === 'asc' ? asc : desc;
      const rows = await db
        .select()
        .from(customerProfiles)
        .where(and(where, ...page))
        .orderBy(sort(customerProfiles.lastSeen), sort(customerProfiles.id))
        .offset(q.offset)
        .limit(q.limit);
      const [{ n }] = await db.select({ n: count() }).from(customerProfiles).where(where);
      return { rows, total: n };
    },

    /** Profile ids by customer key in a brand the caller checked belongs to the owner. */
    async idsByKeys(brandId: number, keys: string[]) {
      if (keys.length === 0) return new Map<string, number>();
      const rows = await db
        .select({ id: customerProfiles.id, key: customerProfiles.customerKey })
        .from(customerProfiles)
        .where(
          and(eq(customerProfiles.brandId, brandId), inArray(customerProfiles.customerKey, keys)),
        );
      return new Map(rows.map((r) => [r.key, r.id]));
    },

    /** The profile, if it belongs to one of the owner's brands. */
    async find(ownerId: string, id: number) {
      const [row] = await db.select().from(customerProfiles).where(ownedBy(ownerId, id));
      return row;
    },

    /**
     * The visitor's profile in a brand the caller resolved from a write key: the one of their
     * user id, else the anonymous one of their anonymous id (a profile that has seen that id;
     * an anonymous id equal to someone's user id never reads that user's profile).
     */
    /**
     * The profile the flow runtime reads for a visitor: their user's (a verified user id), else
     * one that holds their anonymous id — preferring that of an unsigned user id the visitor
     * sent, which is found only if this browser's anonymous id is already on it.
     */
    async findVisitor(
      brandId: number,
      v: { userId: string | null; anonymousId: string; claimedUserId?: string | null },
    ) {
      const rows = v.userId
        ? await visitorByUser.execute({ brand: brandId, user: v.userId, anon: v.anonymousId })
        : v.claimedUserId
          ? await visitorByClaim.execute({
              brand: brandId,
              user: v.claimedUserId,
              anon: v.anonymousId,
            })
          : await visitorByAnonymousId.execute({ brand: brandId, anon: v.anonymousId });
      const own = v.userId ?? v.claimedUserId;
      return rows.find((r) => r.customerKey === own) ?? rows[0];
    },

    /** Undefined when no profile of the owner has this id. */
    async setMetadata(ownerId: string, id: number, values: Record<string, unknown>) {
      const [row] = await db
        .update(customerProfiles)
        .set({ metadata: sql`${customerProfiles.metadata} || ${JSON.stringify(values)}::jsonb` })
        .where(ownedBy(ownerId, id))
        .returning();
      return row;
    },
  };
}
export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;

export function toProfileDto(p: ProfileRow) {
  return {
    id: p.id,
    brand_id: p.brandId,
    customer_key: p.customerKey,
    anonymous_ids: p.anonymousIds,
    email: p.email,
    name: p.name,
    data_attributes: p.dataAttributes,
    metadata: p.metadata,
    first_seen: p.firstSeen.toISOString(),
    last_seen: p.lastSeen.toISOString(),
  };
}
