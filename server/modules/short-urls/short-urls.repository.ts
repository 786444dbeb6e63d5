import { count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands, shortUrls } from '../../db/schema';
import { containing } from '../../db/like';
import { ownedById, ownerRowsWithBrand } from '../../db/owned';

export type ShortUrlRow = typeof shortUrls.$inferSelect;
export type ShortUrlValues = Pick<
  ShortUrlRow,
  'brandId' | 'slug' | 'url' | 'utm' | 'expiresAt' | 'expiredUrl' | 'disabled'
>;

/** What the redirect needs of a link: its rules and whom its clicks belong to. */
export interface RedirectTarget {
  id: number;
  brandId: number;
  ownerId: string;
  slug: string;
  url: string;
  utm: ShortUrlRow['utm'];
  expiresAt: Date | null;
  expiredUrl: string | null;
  disabled: boolean;
}

/** Clicks of one link to add to its counters. */
export interface ClickCounts {
  id: number;
  clicks: number;
  unique: number;
  bots: number;
}

/**
 * Short links. Every read and write by id filters by the owner of the link's product, so
 * another account's link is never touched, whatever the caller checked before.
 */
export function createShortUrlsRepository(db: Db) {
  // The redirect's cache refreshes each clicked slug every half minute: built once, not per read.
  const redirectTargets = () =>
    db
      .select({
        id: shortUrls.id,
        brandId: shortUrls.brandId,
        ownerId: brands.ownerId,
        slug: shortUrls.slug,
        url: shortUrls.url,
        utm: shortUrls.utm,
        expiresAt: shortUrls.expiresAt,
        expiredUrl: shortUrls.expiredUrl,
        disabled: shortUrls.disabled,
      })
      .from(shortUrls)
      .innerJoin(brands, eq(brands.id, shortUrls.brandId));
  const redirectTarget = redirectTargets()
    .where(sql`lower(${shortUrls.slug}) = lower(${sql.placeholder('slug')})`)
    .limit(1)
    .prepare('short_urls_redirect_target');
  const ownedBy = (ownerId: string, id: number) => ownedById(db, shortUrls, ownerId, id);
  const owned = ownerRowsWithBrand(db, shortUrls, 'link');
  return {
    /** The owner's links, newest change first, with their product's name. */
    list(ownerId: string, q: { brandId?: number; search?: string; offset: number; limit: number }) {
      const filters: SQL[] = [];
      if (q.brandId !== undefined) filters.push(eq(shortUrls.brandId, q.brandId));
      if (q.search) {
        const like = containing(q.search);
        filters.push(or(ilike(shortUrls.slug, like), ilike(shortUrls.url, like))!);
      }
      return owned.page(ownerId, filters, q);
    },
    find: owned.find,
    /** Links of one product (the plan limit counts them). */
    async countOfBrand(brandId: number, tx: Db = db) {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(shortUrls)
        .where(eq(shortUrls.brandId, brandId));
      return n;
    },
    /** Is the slug used by any link (any product), without case? */
    async slugTaken(slug: string, exceptId?: number) {
      const [row] = await db
        .select({ id: shortUrls.id })
        .from(shortUrls)
        .where(sql`lower(${shortUrls.slug}) = lower(${slug})`)
        .limit(1);
      return row !== undefined && row.id !== exceptId;
    },
    /** The public redirect's lookup, without case (no owner: the slug is the whole address). */
    async findForRedirect(slug: string): Promise<RedirectTarget | undefined> {
      const [row] = await redirectTarget.execute({ slug });
      return row;
    },
    /** The links of these lower-cased slugs, in one statement (the redirect cache's refresh). */
    async findManyForRedirect(keys: string[]): Promise<RedirectTarget[]> {
      if (keys.length === 0) return [];
      return redirectTargets().where(inArray(sql`lower(${shortUrls.slug})`, keys));
    },
    async insert(values: ShortUrlValues, tx: Db = db) {
      const [row] = await tx.insert(shortUrls).values(values).returning();
      return row!;
    },
    async update(ownerId: string, id: number, values: ShortUrlValues, tx: Db = db) {
      const [row] = await tx
        .update(shortUrls)
        .set({ ...values, updatedAt: new Date() })
        .where(ownedBy(ownerId, id))
        .returning();
      return row;
    },
    async remove(ownerId: string, id: number) {
      const [row] = await db
        .delete(shortUrls)
        .where(ownedBy(ownerId, id))
        .returning({ id: shortUrls.id, slug: shortUrls.slug });
      return row;
    },
    /**
     * Adds stored clicks to the links' counters in one statement (the click queue calls it
     * after each write to the analytics store). Links deleted meanwhile are skipped.
     */
    async addClicks(counts: ClickCounts[]) {
      if (counts.length === 0) return;
      // Four bound arrays, however many links: cheap to build and to send to the database.
      const col = (pick: (c: ClickCounts) => number) => `{${counts.map(pick).join(',')}}`;
      await db.execute(sql`UPDATE short_urls AS s SET
          clicks = s.clicks + v.clicks,
          unique_clicks = s.unique_clicks + v.uniq,
          bot_clicks = s.bot_clicks + v.bots
        FROM unnest(
          ${col((c) => c.id)}::integer[], ${col((c) => c.clicks)}::integer[],
          ${col((c) => c.unique)}::integer[], ${col((c) => c.bots)}::integer[]
        ) AS v(id, clicks, uniq, bots)
        WHERE s.id = v.id`);
    },
  };
}
export type ShortUrlsRepository = ReturnType<typeof createShortUrlsRepository>;
