import type { EventRow } from '../../analytics/types';

/** The profile change one batch makes for one customer of one brand. */
export interface ProfilePatch {
  customer_key: string;
  anonymous_ids: string[];
  email: string | null;
  name: string | null;
  data_attributes: Record<string, unknown>;
  metadata: Record<string, unknown>;
  first_seen: string;
  last_seen: string;
  /** yyyymm of last_seen (UTC). */
  active_month: number;
}

export const monthOf = (d: Date) => d.getUTCFullYear() * 100 + d.getUTCMonth() + 1;

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/**
 * Folds a batch's rows into one patch per identified customer (rows without a userId make no
 * profile). Identify traits merge in time order; `traits.metadata` (an object) goes to metadata;
 * the newest row's browser, OS, device and country become system attributes.
 */
export function profilePatches(rows: EventRow[]): Map<number, ProfilePatch[]> {
  const byBrand = new Map<number, Map<string, { patch: ProfilePatch; lastTs: number }>>();
  const sorted = rows.filter((r) => r.userId).sort((a, b) => +a.timestamp - +b.timestamp);
  for (const row of sorted) {
    const key = row.userId as string;
    let brand = byBrand.get(row.brandId);
    if (!brand) byBrand.set(row.brandId, (brand = new Map()));
    const iso = row.timestamp.toISOString();
    let entry = brand.get(key);
    if (!entry) {
      entry = {
        patch: {
          customer_key: key,
          anonymous_ids: [],
          email: null,
          name: null,
          data_attributes: {},
          metadata: {},
          first_seen: iso,
          last_seen: iso,
          active_month: 0,
        },
        lastTs: 0,
      };
      brand.set(key, entry);
    }
    const p = entry.patch;
    if (row.anonymousId && !p.anonymous_ids.includes(row.anonymousId))
      p.anonymous_ids.push(row.anonymousId);
    p.last_seen = iso;
    entry.lastTs = +row.timestamp;
    p.active_month = monthOf(row.timestamp);
    for (const [k, v] of [
      ['browser', row.browser],
      ['os', row.os],
      ['device', row.device],
      ['country', row.country],
    ] as const)
      if (v) p.data_attributes[k] = v;
    if (row.type !== 'identify') continue;
    const { metadata, ...traits } = row.properties;
    if (isObj(metadata)) Object.assign(p.metadata, metadata);
    Object.assign(p.data_attributes, traits);
    const createdAt = traits.created_at ?? traits.createdAt;
    if (createdAt !== undefined) p.data_attributes.created_at = createdAt;
    delete p.data_attributes.createdAt;
    p.email = text(traits.email) ?? p.email;
    const fullName =
      text(traits.name) ??
      ([text(traits.firstName), text(traits.lastName)].filter(Boolean).join(' ') || null);
    p.name = fullName ?? p.name;
  }
  const out = new Map<number, ProfilePatch[]>();
  for (const [brandId, m] of byBrand)
    out.set(
      brandId,
      [...m.values()].map((e) => ({ ...e.patch, anonymous_ids: e.patch.anonymous_ids.sort() })),
    );
  return out;
}
