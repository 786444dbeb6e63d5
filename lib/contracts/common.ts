import { z } from 'zod';
import { TEXT_MAX_LENGTH } from '../constants';
import { MESSAGES } from '../messages';

/** "X is required" when missing, "X must be text" when another type was sent. */
export const textTypeError = (label: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null
    ? MESSAGES.field.required(label)
    : MESSAGES.field.mustBeText(label);

const NUL = /\u0000/;
/** Text the database can store: PostgreSQL refuses NUL characters. */
export const withoutNul = (v: string) => !NUL.test(v);

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Text that is valid UTF-16 (no lone surrogate): JSON columns refuse anything else. */
export const wellFormed = (v: string) => !LONE_SURROGATE.test(v);
/** Text every column can store: no NUL, no lone surrogate (docs/security.md, "Tenant isolation"). */
export const storable = (v: string) => withoutNul(v) && wellFormed(v);

/**
 * The years a date and time in a request may fall in (docs/short-urls.md, "expires_at"): events
 * start in 2000, ClickHouse's DateTime64 ends in 2299, and PostgreSQL has no year 0.
 */
export const DATE_YEARS = { min: 2000, max: 2299 } as const;

/** An instant (ms since 1970) within DATE_YEARS, UTC. */
export const withinDateYears = (ms: number) =>
  Number.isFinite(ms) &&
  ms >= Date.UTC(DATE_YEARS.min, 0, 1) &&
  ms < Date.UTC(DATE_YEARS.max + 1, 0, 1);

/**
 * A required, trimmed text field with the default 255-character cap
 * (docs/product/validation.md#51-forms-in-general).
 */
export const requiredText = (label: string, max = TEXT_MAX_LENGTH) =>
  z
    .string({ error: textTypeError(label) })
    .trim()
    .min(1, { error: MESSAGES.field.required(label) })
    .max(max, { error: MESSAGES.field.tooLong(max) })
    .refine(storable, { error: MESSAGES.http.badCharacters });

export const emailField = z
  .string({ error: textTypeError('E-mail') })
  .trim()
  .min(1, { error: MESSAGES.field.required('E-mail') })
  .max(TEXT_MAX_LENGTH, { error: MESSAGES.field.tooLong(TEXT_MAX_LENGTH) })
  .pipe(z.email({ error: MESSAGES.field.email }))
  .transform((v) => v.toLowerCase());

/** Tokens from e-mailed links: opaque, URL-safe. */
export const tokenField = z
  .string({ error: textTypeError('Token') })
  .trim()
  .min(1, { error: MESSAGES.field.required('Token') })
  .max(TEXT_MAX_LENGTH, { error: MESSAGES.auth.invalidToken });

/** Integer brand id in a query string or body. */
export const brandIdField = z.coerce
  .number<number>({ error: MESSAGES.events.brandRequired })
  .int({ error: MESSAGES.events.brandRequired })
  .positive({ error: MESSAGES.events.brandRequired })
  .max(2147483647, { error: MESSAGES.events.brandRequired });

/**
 * Page cursor: a page number as text, '1' first (docs/product/entities.md#events-and-event-lists:
 * nextCursor starts at '1').
 */
export const pageCursor = z
  .string()
  .regex(/^[1-9]\d{0,6}$/, { error: 'Cursor must be a page number' })
  .default('1');

/**
 * A two-sided condition value: a number range or a date range (ISO dates), for flow conditions
 * and the profile list's filter alike.
 */
export const rangeValue = z.object({
  from: z.union([z.number(), z.string().max(64)]),
  to: z.union([z.number(), z.string().max(64)]),
});
export type RangeValue = z.infer<typeof rangeValue>;

/** Integer id in a URL path. */
export const idParam = z.object({
  id: z.coerce
    .number({ error: 'Id must be a number' })
    .int({ error: 'Id must be a whole number' })
    .positive({ error: 'Id must be a positive number' })
    .max(2147483647, { error: 'Id is out of range' }),
});

/** Error body every endpoint returns on failure. */
export const apiErrorBody = z.object({
  message: z.string(),
  status: z.number(),
  code: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** Every successful body is `{ data: payload }` (read as `data.data` through `api/http.ts`). */
export const envelope = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

export const okMessage = z.object({ message: z.string() });
