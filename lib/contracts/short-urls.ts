import { z } from 'zod';
import { MESSAGES } from '../messages';
import {
  brandIdField,
  DATE_YEARS,
  pageCursor,
  storable,
  withinDateYears,
  withoutNul,
} from './common';
import { DATE_PRESETS, REPORT_GRANULARITIES } from './flow-runtime';

/**
 * Short links' wire format (docs/short-urls.md): the body of `POST/PUT v1/short-urls`, the list
 * and report queries, and the answers. The dashboard's form validates with the same schemas.
 */

export const SHORT_URL_LIMITS_TEXT = {
  url: 2048,
  slugMin: 3,
  slugMax: 64,
  utm: 255,
} as const;

/** Letters, digits, `-` and `_`, starting with a letter or digit. Matched without case. */
export const SLUG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** Slugs that read like product paths; refused so a link never looks like one of ours. */
export const RESERVED_SLUGS: readonly string[] = [
  'admin',
  'api',
  'app',
  'healthz',
  'readyz',
  'login',
  'sign-in',
  'sign-up',
  'static',
  'v1',
];

export const UTM_FIELDS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
export type UtmField = (typeof UTM_FIELDS)[number];

const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
};

/** The destination: a full http(s) URL. */
export const destinationUrl = z
  .string({ error: MESSAGES.shortUrls.urlRequired })
  .trim()
  .min(1, { error: MESSAGES.shortUrls.urlRequired })
  .max(SHORT_URL_LIMITS_TEXT.url, {
    error: MESSAGES.shortUrls.urlTooLong(SHORT_URL_LIMITS_TEXT.url),
  })
  .refine((v) => withoutNul(v) && isHttpUrl(v), { error: MESSAGES.shortUrls.urlInvalid });

export const slugField = z
  .string({
    error: MESSAGES.shortUrls.slugFormat(
      SHORT_URL_LIMITS_TEXT.slugMin,
      SHORT_URL_LIMITS_TEXT.slugMax,
    ),
  })
  .trim()
  .refine(
    (v) =>
      v.length >= SHORT_URL_LIMITS_TEXT.slugMin &&
      v.length <= SHORT_URL_LIMITS_TEXT.slugMax &&
      SLUG_PATTERN.test(v),
    {
      error: MESSAGES.shortUrls.slugFormat(
        SHORT_URL_LIMITS_TEXT.slugMin,
        SHORT_URL_LIMITS_TEXT.slugMax,
      ),
    },
  )
  .refine((v) => !RESERVED_SLUGS.includes(v.toLowerCase()), {
    error: (issue) => MESSAGES.shortUrls.slugReserved(String(issue.input)),
  });

const utmValue = (field: UtmField) =>
  z
    .string()
    .trim()
    .max(SHORT_URL_LIMITS_TEXT.utm, {
      error: MESSAGES.shortUrls.utmTooLong(field, SHORT_URL_LIMITS_TEXT.utm),
    })
    .refine(storable, { error: MESSAGES.http.badCharacters })
    .nullish()
    .transform((v) => (v ? v : undefined));

/** The campaign fields (UTM_FIELDS, in order), each read with `field`: as sent or as answered. */
const utmObject = <T extends z.ZodType>(field: (name: UtmField) => T) =>
  z.object({
    source: field('source'),
    medium: field('medium'),
    campaign: field('campaign'),
    term: field('term'),
    content: field('content'),
  } satisfies Record<UtmField, T>);

/** The link's campaign values, added to the destination as `utm_*` parameters. */
export const utmSchema = utmObject(utmValue);

/** The calendar day written at the start exists (2024-02-30 would silently become 1 March). */
const dayExists = (v: string) => {
  const [y, m, d] = v.slice(0, 10).split('-').map(Number) as [number, number, number];
  const day = new Date(0);
  day.setUTCFullYear(y, m - 1, d); // Date.UTC would read years 0–99 as 1900–1999
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
};

const expiresAt = z
  .string({ error: MESSAGES.shortUrls.expiresAtInvalid })
  .trim()
  .refine((v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && Number.isFinite(Date.parse(v)) && dayExists(v), {
    error: MESSAGES.shortUrls.expiresAtInvalid,
    abort: true,
  })
  // Year 0 is no PostgreSQL date, and 0099 would be stored as 1999.
  .refine((v) => withinDateYears(Date.parse(v)), {
    error: MESSAGES.shortUrls.expiresAtRange(DATE_YEARS.min, DATE_YEARS.max),
  })
  .nullish();

/**
 * An "after expiry" address, stored as the URL parser writes it (`new URL(v).href`): non-ASCII
 * text percent-encoded, tabs and line breaks dropped, so it is always a valid Location header.
 */
const expiredUrl = z
  .string({ error: MESSAGES.shortUrls.expiredUrlInvalid })
  .trim()
  .max(SHORT_URL_LIMITS_TEXT.url, {
    error: MESSAGES.shortUrls.urlTooLong(SHORT_URL_LIMITS_TEXT.url),
  })
  .refine((v) => withoutNul(v) && isHttpUrl(v), {
    error: MESSAGES.shortUrls.expiredUrlInvalid,
    abort: true,
  })
  .transform((v) => new URL(v).href)
  .refine((v) => v.length <= SHORT_URL_LIMITS_TEXT.url, {
    error: MESSAGES.shortUrls.urlTooLong(SHORT_URL_LIMITS_TEXT.url),
  });

export const shortUrlBody = z.object({
  brand_id: brandIdField,
  url: destinationUrl,
  /** Omitted or empty: a random slug of 7 characters. */
  slug: z.preprocess((v) => (v === '' || v === null ? undefined : v), slugField.optional()),
  utm: utmSchema.optional(),
  /** ISO 8601; after it the link answers its `expired_url`, or 410. */
  expires_at: expiresAt,
  expired_url: z.preprocess((v) => (v === '' ? null : v), expiredUrl.nullish()),
  disabled: z.boolean({ error: 'disabled must be true or false' }).default(false),
});
export type ShortUrlBody = z.output<typeof shortUrlBody>;
export type ShortUrlInput = z.input<typeof shortUrlBody>;

export const listShortUrlsQuery = z.object({
  brand_id: brandIdField.optional(),
  /** Matches the slug or the destination, without case. */
  search: z.string().max(255).refine(withoutNul).optional(),
  cursor: pageCursor,
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ListShortUrlsQuery = z.infer<typeof listShortUrlsQuery>;

export const shortUrlReportQuery = z
  .object({
    date_preset: z
      .enum(DATE_PRESETS, {
        error: 'Date preset must be past_7_day, past_30_day, custom_range or all_times',
      })
      .default('past_30_day'),
    /** YYYY-MM-DD in the product's time zone, `to` included; for custom_range. */
    from: z.string().max(32).optional(),
    to: z.string().max(32).optional(),
    granularity: z
      .enum(REPORT_GRANULARITIES, { error: 'Granularity must be day, week or month' })
      .default('day'),
    /** Count bot and preview clicks in the series and breakdowns too. */
    include_bots: z
      .enum(['true', 'false'], { error: 'include_bots must be true or false' })
      .transform((v) => v === 'true')
      .default(false),
  })
  .refine((q) => q.date_preset !== 'custom_range' || (q.from && q.to), {
    error: 'A custom range needs from and to dates',
    path: ['from'],
  });
export type ShortUrlReportQuery = z.output<typeof shortUrlReportQuery>;

// Answers (the server's `schema.response`, docs/api.md): each schema is the one definition of its
// shape, and the type is inferred from it.

/** The link's campaign values as answered: only those set. */
const utmAnswer = utmObject(() => z.string().optional());
export type Utm = z.infer<typeof utmAnswer>;

/** One short link as the API answers it: `data` of GET/POST/PUT v1/short-urls(/{id}). */
export const shortUrlSchema = z.object({
  id: z.number().int(),
  brand_id: z.number().int(),
  brand_name: z.string(),
  slug: z.string(),
  /** The public address to share: `{APP_URL}/s/{slug}`. */
  short_url: z.string(),
  url: z.string(),
  utm: utmAnswer,
  expires_at: z.string().nullable(),
  expired_url: z.string().nullable(),
  disabled: z.boolean(),
  /** Human clicks (bots and link previews excluded), all time. */
  clicks: z.number().int(),
  /** At most one per visitor per hour. */
  unique_clicks: z.number().int(),
  bot_clicks: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ShortUrl = z.infer<typeof shortUrlSchema>;

/** `data` of GET v1/short-urls: one page. */
export const shortUrlListSchema = z.object({
  data: z.array(shortUrlSchema),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type ShortUrlList = z.infer<typeof shortUrlListSchema>;

const breakdownRow = z.object({ value: z.string(), clicks: z.number() });
export type ShortUrlBreakdownRow = z.infer<typeof breakdownRow>;

/** `data` of GET v1/short-urls/{id}/report. */
export const shortUrlReportSchema = z.object({
  totals: z.object({ clicks: z.number(), unique_clicks: z.number(), bot_clicks: z.number() }),
  /** Every bucket of the range on the product's clock, oldest first, empty ones included. */
  series: z.array(z.object({ bucket: z.string(), clicks: z.number(), unique_clicks: z.number() })),
  countries: z.array(breakdownRow),
  referrers: z.array(breakdownRow),
  devices: z.array(breakdownRow),
  utm_sources: z.array(breakdownRow),
  range: z.object({ from: z.string(), to: z.string(), time_zone: z.string(), preset: z.string() }),
});
export type ShortUrlReport = z.infer<typeof shortUrlReportSchema>;
