import { z } from 'zod';
import { MESSAGES } from '../messages';
import { requiredText } from './common';
import { canonicalTimeZone, isTimeZone } from '../time-zone';
import { MAX_ALLOWED_ORIGINS, normaliseAllowedOrigin } from '../sources';

const HOST_NAME_RE = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
/** Loopback hosts, for trying the snippet on one's own machine (docs/tracking.md). */
const LOOPBACK_RE = /^(localhost|127(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}|\[::1\])$/;

/**
 * A product's website domain (normalised): a host name (`shop.example.com`) or a loopback host
 * (`localhost`, `127.0.0.1`, `[::1]`), either with an optional port (1–65535).
 */
export function isProductDomain(value: string): boolean {
  const m = /^(\[[^\]]*\]|[^:]*)(?::(\d{1,5}))?$/.exec(value);
  if (!m) return false;
  const [, host = '', port] = m;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return false;
  return LOOPBACK_RE.test(host) || HOST_NAME_RE.test(host);
}

/** Accepts "example.com", "https://www.example.com/path" and keeps only the host. */
export function normaliseDomain(input: string): string {
  let v = input.trim().toLowerCase();
  v = v.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  v = v.split(/[/?#]/)[0] ?? '';
  return v;
}

export const domainField = z
  .string({ error: MESSAGES.field.required('Website domain') })
  .trim()
  .min(1, { error: MESSAGES.field.required('Website domain') })
  .max(255, { error: MESSAGES.field.tooLong(255) })
  .transform(normaliseDomain)
  .refine(isProductDomain, { error: MESSAGES.field.domain });

/** An IANA zone name; reports count calendar days in it (UTC until a product sets one). */
export const timeZoneField = z
  .string({ error: MESSAGES.brands.timeZone })
  .trim()
  .refine(isTimeZone, { error: MESSAGES.brands.timeZone })
  .transform((v) => canonicalTimeZone(v) ?? 'UTC');

export const brandBody = z.object({
  name: requiredText('Name'),
  domain: domainField,
  /** Left out: UTC on create, unchanged on update. */
  time_zone: timeZoneField.optional(),
});
export type BrandBody = z.infer<typeof brandBody>;

export const brandSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  domain: z.string(),
  write_key: z.string(),
  time_zone: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
/** A tracked product ("brand"). */
export type Brand = z.infer<typeof brandSchema>;

/** PUT v1/brands/{id}/sources: where events may come from and whether identities are signed. */
export const brandSourcesBody = z.object({
  allowed_origins: z
    .array(
      z
        .string()
        .max(300)
        .transform((v, ctx) => {
          const origin = normaliseAllowedOrigin(v);
          if (origin === null) {
            ctx.addIssue({ code: 'custom', message: MESSAGES.brands.badOrigin(v) });
            return z.NEVER;
          }
          return origin;
        }),
    )
    .max(MAX_ALLOWED_ORIGINS, { error: MESSAGES.brands.tooManyOrigins(MAX_ALLOWED_ORIGINS) }),
  require_signed_identity: z.boolean(),
});
export type BrandSourcesBody = z.infer<typeof brandSourcesBody>;

export const brandSourcesSchema = z.object({
  allowed_origins: z.array(z.string()),
  require_signed_identity: z.boolean(),
  /** HMAC key of signed identities: the customer's backend signs userIds with it. */
  identity_secret: z.string(),
  /** The secret server key is shown once, when made; afterwards only its last characters. */
  server_key: z.object({ hint: z.string() }).nullable(),
});
export type BrandSources = z.infer<typeof brandSourcesSchema>;

/** Query of GET v1/brands: a page of the account's products. */
export const listBrandsQuery = z.object({
  offset: z.coerce.number<number>({ error: 'offset must be a number' }).int().min(0).default(0),
  limit: z.coerce
    .number<number>({ error: 'limit must be a number' })
    .int()
    .min(1)
    .max(100)
    .default(100),
});

/** POST v1/brands/{id}/server-key: the new key, shown this once. */
export const serverKeySchema = z.object({ server_key: z.string() });
