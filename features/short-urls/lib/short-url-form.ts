import { UTM_FIELDS, type ShortUrl, type ShortUrlInput } from '@/lib/contracts/short-urls';

/** How a link answers now: Disabled wins over Expired. */
export type ShortUrlStatus = 'Active' | 'Disabled' | 'Expired';

export function shortUrlStatus(
  link: Pick<ShortUrl, 'disabled' | 'expires_at'>,
  now = Date.now(),
): ShortUrlStatus {
  if (link.disabled) return 'Disabled';
  if (link.expires_at && Date.parse(link.expires_at) <= now) return 'Expired';
  return 'Active';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a `datetime-local` value on this browser's clock ('' for none). */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (this browser's clock) as an ISO instant; null for none or nonsense. */
export function localInputToIso(value: string | null | undefined): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The form's values for a link (an empty form without one). */
export function formValuesOf(brandId: number, link?: ShortUrl): ShortUrlInput {
  const utm: Record<string, string> = {};
  for (const k of UTM_FIELDS) utm[k] = link?.utm[k] ?? '';
  return {
    brand_id: link?.brand_id ?? brandId,
    url: link?.url ?? '',
    slug: link?.slug ?? '',
    utm,
    expires_at: isoToLocalInput(link?.expires_at) || null,
    expired_url: link?.expired_url ?? '',
    disabled: link?.disabled ?? false,
  };
}

/** The body that saves a link as it is, with only `disabled` changed. */
export function withDisabled(link: ShortUrl, disabled: boolean): ShortUrlInput {
  return {
    brand_id: link.brand_id,
    url: link.url,
    slug: link.slug,
    utm: link.utm,
    expires_at: link.expires_at,
    expired_url: link.expired_url,
    disabled,
  };
}

/** True when any UTM value is set (the form opens its UTM section). */
export const hasUtm = (link?: ShortUrl) => UTM_FIELDS.some((k) => Boolean(link?.utm[k]));
