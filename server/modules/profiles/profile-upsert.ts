import { PROFILE_MAX_ANONYMOUS_IDS, PROFILE_MAX_KEYS } from '../../../lib/constants';
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
  /** yyyymm (UTC) of the newest receive time: MAU counts by server time, not the client's clock. */
  active_month: number;
}

export const monthOf = (d: Date) => d.getUTCFullYear() * 100 + d.getUTCMonth() + 1;

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** Copies `source` into `target`; keys `target` lacks are added only while it has room. */
function mergeCapped(target: Record<string, unknown>, source: Record<string, unknown>) {
  let size = Object.keys(target).length;
  for (const [k, v] of Object.entries(source)) {
    if (!Object.hasOwn(target, k)) {
      if (size >= PROFILE_MAX_KEYS) continue;
      size++;
    }
    target[k] = v;
  }
}

/**
 * Folds a batch's rows into one patch per identified customer (rows without a userId make no
 * profile). Identify traits merge in time order; `traits.metadata` (an object) goes to metadata;
 * the newest row's browser, OS, device and country become system attributes. Bounded: the newest
 * 100 anonymous ids, at most 200 keys each in data attributes and metadata (docs/tracking.md).
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
    if (row.anonymousId) {
      // Newest last: an id seen again moves to the end.
      const at = p.anonymous_ids.indexOf(row.anonymousId);
      if (at >= 0) p.anonymous_ids.splice(at, 1);
      p.anonymous_ids.push(row.anonymousId);
      if (p.anonymous_ids.length > PROFILE_MAX_ANONYMOUS_IDS) p.anonymous_ids.shift();
    }
    p.last_seen = iso;
    entry.lastTs = +row.timestamp;
    p.active_month = Math.max(p.active_month, monthOf(row.receivedAt));
    const system: Record<string, unknown> = {};
    for (const [k, v] of [
      ['browser', row.browser],
      ['os', row.os],
      ['device', row.device],
      ['country', row.country],
    ] as const)
      if (v) system[k] = v;
    mergeCapped(p.data_attributes, system);
    if (row.type !== 'identify') continue;
    const { metadata, ...traits } = row.properties;
    if (isObj(metadata)) mergeCapped(p.metadata, metadata);
    mergeCapped(p.data_attributes, traits);
    const createdAt = traits.created_at ?? traits.createdAt;
    delete p.data_attributes.createdAt;
    if (createdAt !== undefined) mergeCapped(p.data_attributes, { created_at: createdAt });
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
      [...m.values()].map((e) => e.patch),
    );
  return out;
}
