import { http, type HttpHandler } from 'msw';
import { idParam } from '@/lib/contracts/common';
import {
  UTM_FIELDS,
  listShortUrlsQuery,
  shortUrlBody,
  shortUrlReportQuery,
  type ShortUrl,
  type ShortUrlBody,
  type ShortUrlBreakdownRow,
  type ShortUrlInput,
  type ShortUrlReport,
  type ShortUrlReportQuery,
  type Utm,
} from '@/lib/contracts/short-urls';
import { MESSAGES } from '@/lib/messages';
import { SHORT_URL_LIMITS } from '@/lib/plans';
import { db, planOf, type MockBrand, type MockShortUrl, type MockUser } from './db';
import { RangeProblem, rangeBuckets, resolveRange, unitHash } from './reports-answers';
import { apiError, body, currentUser, ok, unauthorized, validate } from './utils';

/** Short links (docs/short-urls.md, "API"), as the API answers them. */

const DEV_MOCK = process.env.NEXT_PUBLIC_API_MOCKING === 'enabled';

/** Where the mock's links live: the page's own origin, as the API's `{APP_URL}/s/{slug}`. */
const publicBase = () =>
  typeof window !== 'undefined' && window.location?.origin
    ? window.location.origin
    : 'http://localhost:3000';

const brandNotFound = () => apiError(404, 'not_found', MESSAGES.brands.notFound);
const linkNotFound = () => apiError(404, 'not_found', MESSAGES.shortUrls.notFound);
const ownBrand = (user: MockUser, brandId: number) =>
  db.brands.find((b) => b.id === brandId && b.owner_id === user.id);

/** The same 409 as the API, with the message under `slug`. */
export const slugTakenError = (slug: string) =>
  apiError(409, 'slug_taken', MESSAGES.shortUrls.slugTaken(slug), [
    { path: 'slug', message: MESSAGES.shortUrls.slugTaken(slug) },
  ]);

/** As the API: the stored link with its product's name and its public address. */
export function publicShortUrl(link: MockShortUrl): ShortUrl {
  const brand = db.brands.find((b) => b.id === link.brand_id);
  return { ...link, brand_name: brand?.name ?? '', short_url: `${publicBase()}/s/${link.slug}` };
}

// A mock database saved before short links existed has no such table.
const links = () => (db.shortUrls ??= []);

/** Slugs are unique across every product, without case. */
const slugTaken = (slug: string, exceptId?: number) =>
  links().some((l) => l.slug.toLowerCase() === slug.toLowerCase() && l.id !== exceptId);

const SLUG_ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function randomSlug(): string {
  let s = '';
  for (let i = 0; i < 7; i += 1)
    s += SLUG_ALPHABET[Math.floor(Math.random() * SLUG_ALPHABET.length)];
  return s;
}

const cleanUtm = (utm: ShortUrlBody['utm']): Utm => {
  const out: Utm = {};
  for (const k of UTM_FIELDS) if (utm?.[k]) out[k] = utm[k];
  return out;
};

const stored = (body: ShortUrlBody, slug: string) => ({
  brand_id: body.brand_id,
  slug,
  url: body.url,
  utm: cleanUtm(body.utm),
  expires_at: body.expires_at ? new Date(body.expires_at).toISOString() : null,
  expired_url: body.expired_url ?? null,
  disabled: body.disabled,
});

/**
 * Saves a link as the API would (tests and the dev:mock demo seed with this); the counters and
 * times may be given. Throws on a taken slug.
 */
export function addShortUrl(
  input: ShortUrlInput,
  extra: Partial<
    Pick<MockShortUrl, 'clicks' | 'unique_clicks' | 'bot_clicks' | 'created_at' | 'updated_at'>
  > = {},
): ShortUrl {
  const parsed = shortUrlBody.parse(input);
  let slug = parsed.slug ?? randomSlug();
  if (parsed.slug && slugTaken(parsed.slug)) throw new Error(`slug ${parsed.slug} is taken`);
  while (slugTaken(slug)) slug = randomSlug();
  db.seq.shortUrl = (db.seq.shortUrl || 0) + 1;
  const now = new Date().toISOString();
  const link: MockShortUrl = {
    id: db.seq.shortUrl,
    ...stored(parsed, slug),
    clicks: extra.clicks ?? 0,
    unique_clicks: extra.unique_clicks ?? 0,
    bot_clicks: extra.bot_clicks ?? 0,
    created_at: extra.created_at ?? extra.updated_at ?? now,
    updated_at: extra.updated_at ?? now,
  };
  links().push(link);
  return publicShortUrl(link);
}

/** Splits `total` over weighted values, largest first, leaving out zeros. */
function spread(total: number, values: [string, number][]): ShortUrlBreakdownRow[] {
  let left = total;
  const rows = values.map(([value, weight], i) => {
    const clicks = i === values.length - 1 ? left : Math.min(left, Math.round(total * weight));
    left -= clicks;
    return { value, clicks };
  });
  return rows.filter((r) => r.clicks > 0).sort((a, b) => b.clicks - a.clicks);
}

/**
 * The API's report of a link, made up but the same on every call: a link that was never
 * clicked (no counters) has none; otherwise each bucket gets a few human and bot clicks drawn
 * from the link id and the bucket. Throws a RangeProblem for a range the API refuses.
 */
export function mockShortUrlReport(
  link: MockShortUrl,
  brand: MockBrand,
  q: ShortUrlReportQuery,
  now = Date.now(),
): ShortUrlReport {
  const range = resolveRange(
    q,
    { id: brand.id, time_zone: brand.time_zone, created_at: link.created_at },
    now,
  );
  const clicked = link.clicks + link.bot_clicks > 0;
  const cells = rangeBuckets(range, q.granularity).map((bucket) => {
    const humans = clicked ? Math.floor(unitHash(link.id, 'h', bucket) * 8) : 0;
    const unique = Math.round(humans * (0.5 + unitHash(link.id, 'u', bucket) * 0.5));
    const bots = clicked ? Math.floor(unitHash(link.id, 'b', bucket) * 3) : 0;
    return { bucket, humans, unique, bots };
  });
  const sum = (f: (c: (typeof cells)[number]) => number) => cells.reduce((n, c) => n + f(c), 0);
  const bots = sum((c) => c.bots);
  const clicks = sum((c) => c.humans) + (q.include_bots ? bots : 0);
  const source = link.utm.source ?? '';
  return {
    totals: { clicks, unique_clicks: sum((c) => c.unique), bot_clicks: bots },
    series: cells.map((c) => ({
      bucket: c.bucket,
      clicks: c.humans + (q.include_bots ? c.bots : 0),
      unique_clicks: c.unique,
    })),
    countries: spread(clicks, [
      ['US', 0.45],
      ['FR', 0.25],
      ['DE', 0.2],
      ['', 0.1],
    ]),
    referrers: spread(clicks, [
      ['', 0.5],
      ['news.ycombinator.com', 0.3],
      ['t.co', 0.2],
    ]),
    devices: spread(clicks, [
      ['Desktop · Chrome', 0.5],
      ['Mobile · Safari', 0.35],
      ['Desktop · Firefox', 0.15],
    ]),
    utm_sources: spread(clicks, [
      [source, 0.8],
      [source === 'newsletter' ? '' : 'newsletter', 0.2],
    ]),
    range: {
      from: range.fromDay,
      to: range.toDay,
      time_zone: range.timeZone,
      preset: range.preset,
    },
  };
}

/** The signed-in owner's link named by the path, or the response to send instead. */
function ownLink(
  request: Request,
  params: unknown,
): { user: MockUser; link: MockShortUrl; brand: MockBrand } | { response: Response } {
  const user = currentUser(request);
  if (!user) return { response: unauthorized(request) };
  const id = validate(idParam, params);
  if (!id.ok) return { response: id.response };
  const link = links().find((l) => l.id === id.data.id);
  const brand = link && ownBrand(user, link.brand_id);
  if (!link || !brand) return { response: linkNotFound() };
  return { user, link, brand };
}

/** The plan's limit of links per product (0 = none), as the API checks it. */
function limitReached(user: MockUser, brandId: number): Response | null {
  const limit = SHORT_URL_LIMITS[user.plan] ?? 0;
  if (limit === 0 || links().filter((l) => l.brand_id === brandId).length < limit) return null;
  const name = planOf(user).name;
  return apiError(403, 'plan_limit_reached', MESSAGES.shortUrls.limitReached(limit, name), [
    { path: 'plan', message: user.plan },
  ]);
}

/** In dev:mock, each product gets two clicked demo links the first time a list is read. */
function seedOnce(user: MockUser): void {
  db.demoShortUrlBrands ??= [];
  for (const brand of db.brands) {
    if (brand.owner_id !== user.id || db.demoShortUrlBrands.includes(brand.id)) continue;
    db.demoShortUrlBrands.push(brand.id);
    const base = { brand_id: brand.id, disabled: false };
    addShortUrl(
      { ...base, url: `https://${brand.domain}/spring-sale`, utm: { source: 'newsletter' } },
      { clicks: 128, unique_clicks: 97, bot_clicks: 12 },
    );
    addShortUrl(
      { ...base, url: `https://${brand.domain}/pricing`, utm: { source: 'twitter' } },
      { clicks: 41, unique_clicks: 36, bot_clicks: 3 },
    );
  }
}

/** As the API: newest change first, then the newest link. */
const newestFirst = (a: MockShortUrl, b: MockShortUrl) =>
  a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : b.id - a.id;

export const shortUrlHandlers: HttpHandler[] = [
  http.get('*/v1/short-urls', ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const q = validate(listShortUrlsQuery, Object.fromEntries(new URL(request.url).searchParams));
    if (!q.ok) return q.response;
    const { brand_id, limit } = q.data;
    if (brand_id !== undefined && !ownBrand(user, brand_id)) return brandNotFound();
    if (DEV_MOCK) seedOnce(user);
    const search = q.data.search?.trim().toLowerCase();
    const all = links()
      .filter((l) => ownBrand(user, l.brand_id))
      .filter((l) => brand_id === undefined || l.brand_id === brand_id)
      .filter(
        (l) =>
          !search || l.slug.toLowerCase().includes(search) || l.url.toLowerCase().includes(search),
      )
      .sort(newestFirst);
    const page = Number(q.data.cursor);
    return ok({
      data: all.slice((page - 1) * limit, page * limit).map(publicShortUrl),
      total: all.length,
      nextCursor: page * limit < all.length ? String(page + 1) : null,
    });
  }),

  http.post('*/v1/short-urls', async ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const parsed = await body(request, shortUrlBody);
    if (!parsed.ok) return parsed.response;
    if (!ownBrand(user, parsed.data.brand_id)) return brandNotFound();
    if (parsed.data.slug && slugTaken(parsed.data.slug)) return slugTakenError(parsed.data.slug);
    const refused = limitReached(user, parsed.data.brand_id);
    if (refused) return refused;
    return ok(addShortUrl(parsed.data), 201);
  }),

  http.get('*/v1/short-urls/:id/report', ({ request, params }) => {
    const found = ownLink(request, params);
    if ('response' in found) return found.response;
    const q = validate(shortUrlReportQuery, Object.fromEntries(new URL(request.url).searchParams));
    if (!q.ok) return q.response;
    try {
      return ok(mockShortUrlReport(found.link, found.brand, q.data));
    } catch (err) {
      if (err instanceof RangeProblem) return apiError(400, 'invalid_range', err.message);
      throw err;
    }
  }),

  http.get('*/v1/short-urls/:id', ({ request, params }) => {
    const found = ownLink(request, params);
    return 'response' in found ? found.response : ok(publicShortUrl(found.link));
  }),

  http.put('*/v1/short-urls/:id', async ({ request, params }) => {
    const found = ownLink(request, params);
    if ('response' in found) return found.response;
    const parsed = await body(request, shortUrlBody);
    if (!parsed.ok) return parsed.response;
    // It may move to another product of the same owner; no slug keeps the current one.
    if (!ownBrand(found.user, parsed.data.brand_id)) return brandNotFound();
    const slug = parsed.data.slug ?? found.link.slug;
    if (slugTaken(slug, found.link.id)) return slugTakenError(slug);
    Object.assign(found.link, stored(parsed.data, slug), { updated_at: new Date().toISOString() });
    return ok(publicShortUrl(found.link));
  }),

  http.delete('*/v1/short-urls/:id', ({ request, params }) => {
    const found = ownLink(request, params);
    if ('response' in found) return found.response;
    db.shortUrls = links().filter((l) => l !== found.link);
    return ok({ message: MESSAGES.shortUrls.deleted });
  }),
];
