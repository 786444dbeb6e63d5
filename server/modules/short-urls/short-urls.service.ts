import { numberedPage } from '../../lib/numbered-page';
import { randomBytes } from 'node:crypto';
import type {
  ListShortUrlsQuery,
  ShortUrl,
  ShortUrlBody,
  ShortUrlList,
  ShortUrlReport,
  ShortUrlReportQuery,
  Utm,
} from '../../../lib/contracts/short-urls';
import { UTM_FIELDS } from '../../../lib/contracts/short-urls';
import { MESSAGES } from '../../../lib/messages';
import { SHORT_URL_LIMITS } from '../../../lib/plans';
import { PLAN_CODES, type PlanCode } from '../../../lib/constants';
import { canonicalTimeZone } from '../../../lib/time-zone';
import type { AnalyticsStore } from '../../analytics/types';
import type { Db } from '../../db/client';
import { isLoopbackUrl } from '../../env';
import { AppError, notFound, withUniqueConflict } from '../../errors';
import type { BrandAccess } from '../brands/brand-access';
import type { PlansRepository } from '../plans/plans.repository';
import { rangeBuckets, reportRange } from '../reports/report-range';
import { loadBlocklist, type Blocklist } from './blocklist';
import { createRedirectCache } from './redirect-cache';
import type { RedirectTarget, ShortUrlRow, ShortUrlsRepository } from './short-urls.repository';

/** Breakdown values a report lists per dimension. */
export const REPORT_TOP_VALUES = 10;
const SLUG_ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const GENERATED_SLUG_LENGTH = 7;

function randomSlug(): string {
  const bytes = randomBytes(GENERATED_SLUG_LENGTH);
  let s = '';
  for (const b of bytes) s += SLUG_ALPHABET[b % SLUG_ALPHABET.length];
  return s;
}

const cleanUtm = (utm: ShortUrlBody['utm']): Utm => {
  const out: Utm = {};
  for (const k of UTM_FIELDS) if (utm?.[k]) out[k] = utm[k];
  return out;
};

const slugTaken = (slug: string) =>
  new AppError(409, 'slug_taken', MESSAGES.shortUrls.slugTaken(slug), [
    { path: 'slug', message: MESSAGES.shortUrls.slugTaken(slug) },
  ]);

/** The plan limit of short links per product (lib/plans.ts); 0 = unlimited. */
export function shortUrlLimit(planCode: string | undefined): { plan: PlanCode; limit: number } {
  const plan = (PLAN_CODES as readonly string[]).includes(planCode ?? '')
    ? (planCode as PlanCode)
    : 'free';
  return { plan, limit: SHORT_URL_LIMITS[plan] };
}

/** Short links of the session's products, their report, and the public redirect's lookup. */
export function createShortUrlsService(deps: {
  db: Db;
  links: ShortUrlsRepository;
  access: Pick<BrandAccess, 'owned'>;
  plans: Pick<PlansRepository, 'subscriptionOf' | 'lockSubscription'>;
  store: Pick<AnalyticsStore, 'query'>;
  /** Base of the public addresses: `{base}/s/{slug}`. */
  publicBaseUrl: string;
  /** The operator's blocklist file, added to the shipped one (SHORT_URL_BLOCKLIST_FILE). */
  blocklistFile?: string;
  now?: () => Date;
  /** A background refresh of the redirect's lookups failed (logged; stale entries keep answering). */
  onError?: (err: unknown) => void;
}) {
  const { links, access } = deps;
  const now = () => (deps.now ? deps.now() : new Date());
  const redirects = createRedirectCache({
    read: (slug) => links.findForRedirect(slug),
    readMany: (keys) => links.findManyForRedirect(keys),
    onError: deps.onError,
  });
  const forget = (slug: string) => redirects.forget(slug);
  // Links to our own short-link host would only loop or inflate clicks (a laptop's loopback
  // host stays allowed: other local servers share it).
  const blocklist: Blocklist = loadBlocklist({
    file: deps.blocklistFile,
    ownHosts: isLoopbackUrl(deps.publicBaseUrl)
      ? []
      : [URL.parse(deps.publicBaseUrl)?.hostname ?? ''],
  });
  /** Refuses a destination on the blocklist, naming the field (400 before any write). */
  const checkDestinations = (body: ShortUrlBody) => {
    for (const [path, url] of [
      ['url', body.url],
      ['expired_url', body.expired_url],
    ] as const) {
      const host = url ? blocklist.blockedBy(url) : null;
      if (host) {
        const message = MESSAGES.shortUrls.destinationBlocked(host);
        throw new AppError(400, 'destination_blocked', message, [{ path, message }]);
      }
    }
  };

  const toDto = (r: { link: ShortUrlRow; brandName: string }): ShortUrl => ({
    id: r.link.id,
    brand_id: r.link.brandId,
    brand_name: r.brandName,
    slug: r.link.slug,
    short_url: `${deps.publicBaseUrl}/s/${r.link.slug}`,
    url: r.link.url,
    utm: r.link.utm,
    expires_at: r.link.expiresAt?.toISOString() ?? null,
    expired_url: r.link.expiredUrl,
    disabled: r.link.disabled,
    clicks: r.link.clicks,
    unique_clicks: r.link.uniqueClicks,
    bot_clicks: r.link.botClicks,
    created_at: r.link.createdAt.toISOString(),
    updated_at: r.link.updatedAt.toISOString(),
  });
  const values = (body: ShortUrlBody, slug: string) => ({
    brandId: body.brand_id,
    slug,
    url: body.url,
    utm: cleanUtm(body.utm),
    expiresAt: body.expires_at ? new Date(body.expires_at) : null,
    expiredUrl: body.expired_url ?? null,
    disabled: body.disabled,
  });
  const found = async (ownerId: string, id: number) => {
    const row = await links.find(ownerId, id);
    if (!row) throw notFound(MESSAGES.shortUrls.notFound);
    return row;
  };

  /** Refuses a product already holding the plan's limit of links (inside the caller's lock). */
  const checkLimit = async (ownerId: string, brandId: number, tx: Db) => {
    const sub = await deps.plans.subscriptionOf(ownerId, tx);
    const { plan, limit } = shortUrlLimit(sub?.plan.code);
    if (limit > 0 && (await links.countOfBrand(brandId, tx)) >= limit)
      throw new AppError(
        403,
        'plan_limit_reached',
        MESSAGES.shortUrls.limitReached(limit, sub?.plan.name ?? 'Free'),
        [{ path: 'plan', message: plan }],
      );
  };

  /** Inserts within the plan's limit of links per product; concurrent creates serialise. */
  const insertWithinLimit = (ownerId: string, body: ShortUrlBody, slug: string) =>
    deps.db.transaction(async (tx) => {
      await deps.plans.lockSubscription(ownerId, tx);
      await checkLimit(ownerId, body.brand_id, tx);
      return links.insert(values(body, slug), tx);
    });

  /**
   * Saves over a link; a link moving to another product counts against that product's limit
   * (under the same lock as creates, so a move and a create never both take the last place).
   */
  const updateWithinLimit = (
    ownerId: string,
    id: number,
    body: ShortUrlBody,
    slug: string,
    fromBrandId: number,
  ) =>
    body.brand_id === fromBrandId
      ? links.update(ownerId, id, values(body, slug))
      : deps.db.transaction(async (tx) => {
          await deps.plans.lockSubscription(ownerId, tx);
          await checkLimit(ownerId, body.brand_id, tx);
          return links.update(ownerId, id, values(body, slug), tx);
        });

  return {
    async list(ownerId: string, q: ListShortUrlsQuery): Promise<ShortUrlList> {
      if (q.brand_id !== undefined) await access.owned(ownerId, q.brand_id);
      const page = numberedPage(q);
      const { rows, total } = await links.list(ownerId, {
        brandId: q.brand_id,
        search: q.search?.trim() || undefined,
        offset: page.offset,
        limit: page.limit,
      });
      return page.answer(rows.map(toDto), total);
    },
    async get(ownerId: string, id: number) {
      return toDto(await found(ownerId, id));
    },
    async create(ownerId: string, body: ShortUrlBody) {
      const brand = await access.owned(ownerId, body.brand_id);
      checkDestinations(body);
      if (body.slug) {
        if (await links.slugTaken(body.slug)) throw slugTaken(body.slug);
        const slug = body.slug;
        const row = await withUniqueConflict(
          () => insertWithinLimit(ownerId, body, slug),
          () => slugTaken(slug),
        );
        forget(slug);
        return toDto({ link: row, brandName: brand.name });
      }
      // 57^7 slugs: a clash is rare; a few fresh draws settle it.
      for (let attempt = 0; ; attempt++) {
        const slug = randomSlug();
        try {
          const row = await withUniqueConflict(
            () => insertWithinLimit(ownerId, body, slug),
            () => slugTaken(slug),
          );
          forget(slug);
          return toDto({ link: row, brandName: brand.name });
        } catch (err) {
          if (!(err instanceof AppError && err.code === 'slug_taken') || attempt >= 4) throw err;
        }
      }
    },
    /**
     * Saves over a link; it may move to another product of the same owner, within that product's
     * limit. No slug: kept.
     */
    async update(ownerId: string, id: number, body: ShortUrlBody) {
      const before = await found(ownerId, id);
      const brand = await access.owned(ownerId, body.brand_id);
      checkDestinations(body);
      const slug = body.slug ?? before.link.slug;
      if (
        slug.toLowerCase() !== before.link.slug.toLowerCase() &&
        (await links.slugTaken(slug, id))
      )
        throw slugTaken(slug);
      const row = await withUniqueConflict(
        () => updateWithinLimit(ownerId, id, body, slug, before.link.brandId),
        () => slugTaken(slug),
      );
      if (!row) throw notFound(MESSAGES.shortUrls.notFound);
      forget(before.link.slug);
      forget(slug);
      return toDto({ link: row, brandName: brand.name });
    },
    async remove(ownerId: string, id: number) {
      await found(ownerId, id);
      const row = await links.remove(ownerId, id);
      if (row) forget(row.slug);
      return { message: MESSAGES.shortUrls.deleted };
    },
    /** Clicks of one link over a range of the product's days (docs/short-urls.md, "Report"). */
    async report(ownerId: string, id: number, q: ShortUrlReportQuery): Promise<ShortUrlReport> {
      const { link } = await found(ownerId, id);
      const brand = await access.owned(ownerId, link.brandId);
      const zone = canonicalTimeZone(brand.timeZone) ?? 'UTC';
      const range = reportRange(q, now().getTime(), zone, link.createdAt);
      const buckets = rangeBuckets(range, q.granularity);
      const r = await deps.store.query({
        kind: 'linkClicks',
        brandId: link.brandId,
        linkId: link.id,
        from: range.from,
        to: range.to,
        granularity: q.granularity,
        timeZone: range.timeZone,
        includeBots: q.include_bots,
        limit: REPORT_TOP_VALUES,
      });
      const byBucket = new Map(r.buckets.map((b) => [b.bucket, b]));
      const rows = (list: { value: string; clicks: number }[]) =>
        list.map((x) => ({ value: x.value, clicks: x.clicks }));
      return {
        totals: {
          clicks: q.include_bots ? r.totals.clicks : r.totals.clicks - r.totals.bots,
          unique_clicks: r.totals.unique,
          bot_clicks: r.totals.bots,
        },
        series: buckets.map((bucket) => ({
          bucket,
          clicks: byBucket.get(bucket)?.clicks ?? 0,
          unique_clicks: byBucket.get(bucket)?.unique ?? 0,
        })),
        countries: rows(r.breakdowns.country),
        referrers: rows(r.breakdowns.referrer),
        devices: rows(r.breakdowns.device),
        utm_sources: rows(r.breakdowns.utm_source),
        range: {
          from: range.fromDay,
          to: range.toDay,
          time_zone: range.timeZone,
          preset: range.preset,
        },
      };
    },
    /**
     * The link behind a public slug, or null; remembered per node (redirect-cache.ts): changes
     * made on this node are seen at once, others within REDIRECT_CACHE_MS.
     */
    resolve: (slug: string): Promise<RedirectTarget | null> => redirects.resolve(slug),
    /** Hosts links may not lead to; the redirect checks stored links too (the list may grow). */
    blocklist,
  };
}
export type ShortUrlsService = ReturnType<typeof createShortUrlsService>;
