import { and, type SQL, sql } from 'drizzle-orm';
import type { SegmentDefinition, SegmentLeafCondition } from '../../../../lib/contracts/segments';
import { isRange } from '../../../../lib/conditions';

/**
 * The prefilter of the set evaluator (docs/adr/0022-segment-engine.md, docs/segments.md
 * "Engine"): the top-level customer conditions of an AND definition as SQL predicates on the page
 * query, so PostgreSQL skips profiles that cannot be members. A predicate only drops a profile
 * `segmentHolds` certainly drops — `evaluateCondition` (lib/conditions.ts) on the value
 * `profileValues` (flows/runtime/reads.ts) reads — and keeps every value it is not sure of; the
 * evaluator still decides every profile read. A condition without a safe predicate adds none.
 */

type CustomerCondition = Extract<SegmentLeafCondition, { type: 'customer' }>;

/** The jsonb value a condition reads of a row (profile-reads.ts), or null when none can be. */
export type ReadValue = (key: string) => SQL | null;

/** `isEmpty` of lib/conditions.ts: missing, null, the empty text, the empty list. */
const empty = (v: SQL) => sql`(${v} IS NULL OR ${v} IN ('null'::jsonb, '""'::jsonb, '[]'::jsonb))`;

/** The JSON type of a value, `missing` when the profile has no such key. */
const typeOf = (v: SQL) => sql`coalesce(jsonb_typeof(${v}), 'missing')`;

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';

/**
 * `exact`: only a JSON string can be dropped. An ASCII text is lower-cased letter for letter as
 * `toLowerCase` does (`translate`, whatever the database's locale); any other text is kept, as
 * `toLowerCase` may turn it into ASCII (the Kelvin sign is a `k`). Numbers, booleans, lists and
 * objects compare by their `String()`: kept. Missing and empty values never match: dropped.
 */
function exact(v: SQL, expected: string): SQL {
  const text = sql`(${v} #>> '{}')`;
  return sql`(CASE ${typeOf(v)}
    WHEN 'string' THEN octet_length(${text}) <> char_length(${text})
      OR translate(${text}, ${UPPER}::text, ${LOWER}::text) = ${expected.toLowerCase()}::text
    WHEN 'null' THEN false
    WHEN 'missing' THEN false
    ELSE true END)`;
}

/**
 * A numeric comparison: only a JSON number can be dropped, compared as the double JavaScript
 * parses it (`float8`; one past its range is kept rather than cast). Text (`Number(" 7 ")`),
 * booleans and lists are kept; missing and null never match.
 */
function numeric(v: SQL, compare: (n: SQL) => SQL): SQL {
  const n = sql`(${v})::numeric`;
  return sql`(CASE ${typeOf(v)}
    WHEN 'number' THEN CASE
      WHEN abs(${n}) > 1e300 OR (abs(${n}) < 1e-300 AND ${n} <> 0) THEN true
      ELSE ${compare(sql`(${v})::float8`)} END
    WHEN 'null' THEN false
    WHEN 'missing' THEN false
    ELSE true END)`;
}

/** A finite number the evaluator reads from a condition value (`Number(value)`), or null. */
function finite(value: unknown): number | null {
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** The keep-predicate of one customer condition, or null when none is provably safe. */
export function conditionPrefilter(c: CustomerCondition, valueOf: ReadValue): SQL | null {
  const v = valueOf(c.customer_key);
  if (!v) return null;
  const value: unknown = c.value;
  const bound = (n: number) => sql`${n}::float8`;
  switch (c.condition_type) {
    case 'empty':
      return empty(v);
    case 'not_empty':
      return sql`(NOT ${empty(v)})`;
    case 'exact':
      return typeof value === 'string' || typeof value === 'number'
        ? exact(v, String(value))
        : null;
    case '=':
    case '>':
    case '>=':
    case '<':
    case '<=': {
      const e = finite(value);
      if (e === null) return null;
      const op = sql.raw(c.condition_type);
      return numeric(v, (n) => sql`${n} ${op} ${bound(e)}`);
    }
    case 'between': {
      if (!isRange(value)) return null;
      const from = finite(value.from);
      const to = finite(value.to);
      if (from === null || to === null) return null;
      return numeric(v, (n) => sql`(${n} >= ${bound(from)} AND ${n} <= ${bound(to)})`);
    }
    default:
      return null;
  }
}

/**
 * The conditions of a definition pushed into the page query, and their predicates joined by
 * AND (undefined when none is): only the top-level customer conditions of an AND definition.
 * `valueOf` reads the values of the page query's lateral subquery (profile-reads.ts), which the
 * query must join.
 */
export function segmentPrefilter(definition: SegmentDefinition, valueOf: ReadValue) {
  const pushed: CustomerCondition[] = [];
  const predicates: SQL[] = [];
  if (definition.operator === 'AND')
    for (const c of definition.conditions) {
      if (c.type !== 'customer') continue;
      const p = conditionPrefilter(c, valueOf);
      if (!p) continue;
      pushed.push(c);
      predicates.push(p);
    }
  return { pushed, where: predicates.length > 0 ? and(...predicates) : undefined };
}
