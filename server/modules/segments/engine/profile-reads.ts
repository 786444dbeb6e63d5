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

/** One profile as a count reads it: id, customer key and the values of the keys read. */
export interface CountedProfile {
  id: number;
  customerKey: string;
  profile: ProfileValues;
}

/** The system fields a projection reads from their columns, in its rows' order. */
const READ_COLUMNS = ['email', 'name', 'first_seen', 'last_seen'] as const;
const DATE_KEYS: ReadonlySet<string> = new Set(['first_seen', 'last_seen']);

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
  const columns = READ_COLUMNS.filter((k) => readable.includes(k));
  const projection = projectable
    ? {
        /**
         * One row as a JSON array: id, customer key, the system columns read (their text, as
         * the driver receives it), then per key `[value]` when the profile holds it, null when
         * it does not — a metadata null must stay apart from a missing key, as it hides the
         * data attribute and the system field.
         */
        row: sql`json_build_array(${sql.join(
          [
            sql`${customerProfiles.id}`,
            sql`${customerProfiles.customerKey}`,
            ...columns.map((k) => sql`${SYSTEM_COLUMNS[k]}::text`),
            ...readable.map(
              (k) =>
                sql`CASE WHEN ${slot.get(k)} IS NULL THEN NULL ELSE jsonb_build_array(${slot.get(k)}) END`,
            ),
          ],
          sql`, `,
        )})`,
        /** The rows of `row` aggregated as a JSON array, with what `profileValues` reads. */
        parse(text: string): CountedProfile[] {
          const rows = JSON.parse(text) as unknown[][];
          return rows.map((r) => {
            const profile: ProfileValues = { customer_key: r[1] };
            columns.forEach((k, i) => {
              const v = r[2 + i] as string | null;
              // A date column reads as the driver reads it: `new Date` of PostgreSQL's text.
              profile[k] = DATE_KEYS.has(k) ? new Date(v!).toISOString() : v;
            });
            readable.forEach((k, i) => {
              const held = r[2 + columns.length + i];
              if (Array.isArray(held)) profile[k] = held[0];
            });
            return { id: r[0] as number, customerKey: r[1] as string, profile };
          });
        },
      }
    : null;

  return { lateral, value, projection };
}
export type ProfileReads = ReturnType<typeof profileReads>;
