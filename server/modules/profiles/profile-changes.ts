import type { Db } from '../../db/client';

/**
 * What an upsert of profiles did that webhooks tell (docs/webhooks.md, "Topics"): a profile
 * created, or one whose traits changed. An identify repeating what the profile holds changes
 * nothing, and neither do the browser, OS, device and country a profile was last seen with
 * (they follow every event).
 */

/** The fields of a profile a change shows. */
export interface ChangedProfile {
  id: number;
  customerKey: string;
  email: string | null;
  name: string | null;
  dataAttributes: Record<string, unknown>;
  metadata: Record<string, unknown>;
  firstSeen: Date;
  lastSeen: Date;
}

export interface ProfileChange {
  kind: 'created' | 'updated';
  profile: ChangedProfile;
  /** `email`, `name`, `data_attributes.<key>`, `metadata.<key>`; empty for a creation. */
  changed: string[];
}

/** Which changes an upsert looks for, and what it does with them inside its transaction. */
export interface ProfileWatch {
  created: boolean;
  updated: boolean;
  /** Runs in the upsert's transaction, once, when it created or changed profiles. */
  record(tx: Db, changes: ProfileChange[]): Promise<void>;
}

/** The traits a profile had before an upsert. */
export type ProfileTraits = Pick<ChangedProfile, 'email' | 'name' | 'dataAttributes' | 'metadata'>;

/** Data attributes the server sets from each event, not traits. */
const SEEN_WITH = new Set(['browser', 'os', 'device', 'country']);

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every(
    (k) =>
      Object.hasOwn(b, k) &&
      sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

function changedKeys(
  prefix: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  skip?: ReadonlySet<string>,
) {
  const out: string[] = [];
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)]))
    if (!skip?.has(k) && !sameJson(before[k], after[k])) out.push(`${prefix}.${k}`);
  return out;
}

/** What changed in a profile's traits, by name; empty when nothing did. */
export function traitChanges(before: ProfileTraits, after: ProfileTraits): string[] {
  return [
    ...(before.email !== after.email ? ['email'] : []),
    ...(before.name !== after.name ? ['name'] : []),
    ...changedKeys('data_attributes', before.dataAttributes, after.dataAttributes, SEEN_WITH),
    ...changedKeys('metadata', before.metadata, after.metadata),
  ];
}

/** What the upsert answers, with the profile's fields when its changes are watched. */
export interface UpsertedRow {
  key: string;
  month: number;
  inserted: boolean;
  id?: number;
  email?: string | null;
  name?: string | null;
  data_attributes?: Record<string, unknown>;
  metadata?: Record<string, unknown>;
  first_seen?: Date | string;
  last_seen?: Date | string;
}
export const RETURNING_WATCHED = `, c.id, c.email, c.name, c.data_attributes, c.metadata, c.first_seen,
  c.last_seen`;

/** The watched changes of an upsert: rows inserted, and rows whose traits differ from before. */
export function profileChanges(
  rows: UpsertedRow[],
  before: Map<string, ProfileTraits>,
  watch: ProfileWatch,
): ProfileChange[] {
  const changes: ProfileChange[] = [];
  for (const r of rows) {
    const profile: ChangedProfile = {
      id: Number(r.id),
      customerKey: r.key,
      email: r.email ?? null,
      name: r.name ?? null,
      dataAttributes: r.data_attributes ?? {},
      metadata: r.metadata ?? {},
      firstSeen: new Date(r.first_seen!),
      lastSeen: new Date(r.last_seen!),
    };
    if (r.inserted) {
      if (watch.created) changes.push({ kind: 'created', profile, changed: [] });
      continue;
    }
    // A row another node inserted after our read: that node told its creation.
    const old = before.get(r.key);
    if (!watch.updated || !old) continue;
    const changed = traitChanges(old, profile);
    if (changed.length > 0) changes.push({ kind: 'updated', profile, changed });
  }
  return changes;
}
