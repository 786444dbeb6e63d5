import { type SQL, sql } from 'drizzle-orm';
import type { ProfileValues } from '../../flows/runtime/decide';
import { customerProfiles } from '../../../db/schema';

/**
 * What the set evaluator reads of a profile row (docs/segments.md, "Engine"): the value of each
 * attribute key the definition's customer conditions read, worked out **once a row** in a
 * lateral subquery of the page query, for the prefilter's predicates and for the projection a
 * count walks with — the profile's id, its customer key and those values alone, not the whole
 * row (reading every column of 20,000 profiles from the database thread cost 4–5× reading
 * three: docs/performance.md, "Segments").
 *
 * A value is what `profileValues` (flows/runtime/reads.ts) reads: the metadata's key over the
 * data attributes' over the system field, JSON null included. None for a key the evaluator
 * would read from the object's prototype when the profile lacks it (`toString`, `__proto__`)
 * or for an array index (a non-object JSON column spreads its elements under index keys): a
 * definition reading one is walked on whole rows.
 */

/** The system fields `profileValues` reads from a column. */
const SYSTEM_COLUMNS = {
  customer_key: customerProfiles.customerKey,
  email: customerProfiles.email,
  name: customerProfiles.name,
  first_seen: customerProfiles.firstSeen,
  last_seen: customerProfiles.lastSeen,
} as const;
type SystemKey = keyof typeof SYSTEM_COLUMNS;
const isSystem = (key: string): key is SystemKey => Object.hasOwn(SYSTEM_COLUMNS, key);

/** The text columns a predicate may read as jsonb (the dates are ISO strings in JavaScript). */
const TEXT_COLUMNS: Partial<Record<SystemKey, SQL>> = {
  customer_key: sql`${customerProfiles.customerKey}`,
  email: sql`${customerProfiles.email}`,
  name: sql`${customerProfiles.name}`,
};

/** More keys than this read whole rows (`jsonb_build_array` takes at most 100 arguments). */
const MAX_PROJECTED_KEYS = 50;

/** Whether the value of `key` can be read from the JSON columns by name. */
export const readableKey = (key: string) =>
  !(key in Object.prototype) && !/^(0|[1-9]\d*)$/.test(key);

/** The alias of the lateral subquery holding one row's values. */
const LATERAL = 'segment_values';

export interface ProjectedRow {
  id: number;
  customerKey: string;
  email?: string | null;
  name?: string | null;
  firstSeen?: Date;
  lastSeen?: Date;
  /** Per key, in order: `[value]` when the profile holds it, null when it does not. */
  values?: ([unknown] | null)[];
}

/**
 * The reads of the attribute keys `keys` (each once): the lateral subquery to join, each
 * key's jsonb value for a predicate (SQL NULL when the profile lacks it), and the projection
 * of a count walk (null when some key is not readable by name, or there are too many).
 */
export function profileReads(keys: readonly string[]) {
  const readable = [...new Set(keys)].filter(readableKey);
  const slot = new Map(readable.map((k, i) => [k, sql.raw(`${LATERAL}.v${i}`)]));
  const own = readable.map(
    (k, i) =>
      sql`coalesce(${customerProfiles.metadata} -> ${k}::text, ${customerProfiles.dataAttributes} -> ${k}::text) AS ${sql.raw(`v${i}`)}`,
  );
  // OFFSET 0 keeps the subquery from being pulled up into the outer query, which would copy
  // each value's expression into every predicate reading it (measured: 4–9× slower filters).
  const lateral =
    own.length > 0
      ? sql`(SELECT ${sql.join(own, sql`, `)} OFFSET 0) AS ${sql.raw(LATERAL)}`
      : undefined;

  /** The jsonb value of `key` as the evaluator reads it, or null when it is not readable. */
  const value = (key: string): SQL | null => {
    const v = slot.get(key);
    if (!v) return null;
    if (!isSystem(key)) return v;
    const column = TEXT_COLUMNS[key];
    return column ? sql`coalesce(${v}, to_jsonb(${column}))` : null;
  };

  const distinct = [...new Set(keys)];
  const projectable = distinct.length === readable.length && readable.length <= MAX_PROJECTED_KEYS;
  const projection = projectable
    ? {
        fields: {
          id: customerProfiles.id,
          customerKey: customerProfiles.customerKey,
          ...(readable.includes('email') ? { email: customerProfiles.email } : {}),
          ...(readable.includes('name') ? { name: customerProfiles.name } : {}),
          ...(readable.includes('first_seen') ? { firstSeen: customerProfiles.firstSeen } : {}),
          ...(readable.includes('last_seen') ? { lastSeen: customerProfiles.lastSeen } : {}),
          ...(readable.length > 0
            ? {
                values: sql<([unknown] | null)[]>`jsonb_build_array(${sql.join(
                  readable.map(
                    (k) =>
                      sql`CASE WHEN ${slot.get(k)} IS NULL THEN NULL ELSE jsonb_build_array(${slot.get(k)}) END`,
                  ),
                  sql`, `,
                )})`,
              }
            : {}),
        },
        /** The values `profileValues` would give of the read keys (other keys are left out). */
        toValues(row: ProjectedRow): ProfileValues {
          const out: ProfileValues = { customer_key: row.customerKey };
          if ('email' in row) out.email = row.email;
          if ('name' in row) out.name = row.name;
          if (row.firstSeen) out.first_seen = row.firstSeen.toISOString();
          if (row.lastSeen) out.last_seen = row.lastSeen.toISOString();
          readable.forEach((k, i) => {
            const held = row.values?.[i];
            if (Array.isArray(held)) out[k] = held[0];
          });
          return out;
        },
      }
    : null;

  return { lateral, value, projection };
}
export type ProfileReads = ReturnType<typeof profileReads>;
