import { sql, type SQL } from 'drizzle-orm';
import type { AttributeCondition, ConditionType, DataType } from '../../../lib/conditions';
import {
  FILTER_OPERATORS,
  CONDITION_TYPES,
  isRange,
  VALUELESS_CONDITION_TYPES,
} from '../../../lib/conditions';
import { MESSAGES } from '../../../lib/messages';
import { AppError } from '../../errors';
import { escapeLike } from '../../db/like';

/** Where a filterable attribute lives on customer_profiles, and its type. */
export interface AttributeColumn {
  dataType: DataType;
  /** A real column (email, name, last_seen, first_seen) or a JSON path. */
  source:
    | { kind: 'column'; name: 'email' | 'name' | 'last_seen' | 'first_seen' | 'customer_key' }
    | { kind: 'json'; column: 'data_attributes' | 'metadata'; key: string };
}

const invalid = () => new AppError(400, 'invalid_filter', MESSAGES.profiles.invalidFilter);
const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}/;

function textExpr(col: AttributeColumn): SQL {
  const s = col.source;
  if (s.kind === 'column') return sql.raw(`"customer_profiles"."${s.name}"::text`);
  return sql`(${sql.raw(`"customer_profiles"."${s.column}"`)} ->> ${s.key})`;
}
function jsonExpr(col: AttributeColumn): SQL | null {
  const s = col.source;
  return s.kind === 'json'
    ? sql`(${sql.raw(`"customer_profiles"."${s.column}"`)} -> ${s.key})`
    : null;
}

const asText = (v: unknown) => {
  if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') throw invalid();
  return String(v);
};
const asNumber = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (!Number.isFinite(n)) throw invalid();
  return n;
};
/** Dates compare as 'YYYY-MM-DD' text: a day is the unit of every date operator
 * (docs/product/constants.md#display-formats). */
const asDay = (v: unknown) => {
  const s = typeof v === 'string' ? v : typeof v === 'number' ? new Date(v).toISOString() : '';
  if (!ISO_DAY.test(s) || Number.isNaN(Date.parse(s.slice(0, 10)))) throw invalid();
  return s.slice(0, 10);
};
const range = (v: unknown) => {
  if (!isRange(v)) throw invalid();
  return v;
};
const dayAgo = (days: number, now: number) =>
  new Date(now - days * DAY_MS).toISOString().slice(0, 10);

/** One condition as a SQL predicate with bound values. Throws 400 on a bad operator or value. */
export function conditionSql(
  col: AttributeColumn,
  cond: AttributeCondition,
  now = Date.now(),
): SQL {
  const type: ConditionType = cond.condition_type;
  const allowed: readonly string[] = [
    ...FILTER_OPERATORS[col.dataType],
    ...CONDITION_TYPES[col.dataType],
  ];
  if (!allowed.includes(type)) throw invalid();
  const t = textExpr(col);
  if (type === 'empty') return sql`(${t} IS NULL OR ${t} = '')`;
  if (type === 'not_empty') return sql`(${t} IS NOT NULL AND ${t} <> '')`;
  if (VALUELESS_CONDITION_TYPES.includes(type)) throw invalid();
  const v = cond.value;
  switch (col.dataType) {
    case 'string': {
      const s = asText(v).toLowerCase();
      const like = escapeLike(s);
      switch (type) {
        case 'exact':
          return sql`lower(${t}) = ${s}`;
        case 'not_exact':
          return sql`(${t} IS NULL OR lower(${t}) <> ${s})`;
        case 'contain':
          return sql`${t} ILIKE ${`%${like}%`}`;
        case 'not_contain':
          return sql`(${t} IS NULL OR ${t} NOT ILIKE ${`%${like}%`})`;
        case 'starts_with':
          return sql`${t} ILIKE ${`${like}%`}`;
        case 'ends_with':
          return sql`${t} ILIKE ${`%${like}`}`;
      }
      break;
    }
    case 'number': {
      const j = jsonExpr(col);
      // Only JSON numbers compare: a cast of arbitrary text would fail the whole query.
      const n = j ? sql`(CASE WHEN jsonb_typeof(${j}) = 'number' THEN (${t})::numeric END)` : t;
      if (type === 'between') {
        const r = range(v);
        return sql`${n} BETWEEN ${asNumber(r.from)} AND ${asNumber(r.to)}`;
      }
      const x = asNumber(v);
      const op = { '=': '=', '!=': '<>', '>': '>', '>=': '>=', '<': '<', '<=': '<=' }[
        type as '=' | '!=' | '>' | '>=' | '<' | '<='
      ];
      if (!op) break;
      return type === '!=' ? sql`(${n} IS NULL OR ${n} <> ${x})` : sql`${n} ${sql.raw(op)} ${x}`;
    }
    case 'boolean': {
      if (type !== '=') break;
      const b = v === true || v === 'true' ? 'true' : v === false || v === 'false' ? 'false' : null;
      if (!b) throw invalid();
      return sql`lower(${t}) = ${b}`;
    }
    case 'date': {
      const day = sql`(CASE WHEN ${t} ~ '^\\d{4}-\\d{2}-\\d{2}' THEN left(${t}, 10) END)`;
      switch (type) {
        case 'before':
          return sql`${day} < ${asDay(v)}`;
        case 'after':
          return sql`${day} > ${asDay(v)}`;
        case 'range': {
          const r = range(v);
          return sql`${day} BETWEEN ${asDay(r.from)} AND ${asDay(r.to)}`;
        }
        case 'less_than_x_days_ago':
          return sql`${day} > ${dayAgo(asNumber(v), now)}`;
        case 'more_than_x_days_ago':
          return sql`${day} < ${dayAgo(asNumber(v), now)}`;
      }
      break;
    }
    case 'list': {
      const j = jsonExpr(col);
      if (type !== 'contain' || !j) break;
      return sql`(jsonb_typeof(${j}) = 'array' AND ${j} @> jsonb_build_array(${asText(v)}::text))`;
    }
  }
  throw invalid();
}
