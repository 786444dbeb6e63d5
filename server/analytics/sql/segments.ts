import type { ConditionType } from '../../../lib/conditions';
import { isRange } from '../../../lib/conditions';
import { toNumber, type RawRow } from '../event-rows';
import type {
  SegmentEventCountRow,
  SegmentEventCountsShape,
  SegmentPropertyCondition,
} from '../segment-shape';
import type { Binder, Dialect } from './binder';

/**
 * The segment engine's analytics statement (docs/adr/0022-segment-engine.md): for one page of
 * customers, how many events of each event condition each of them has — its code, in its
 * window, its property conditions met as the flow runtime's evaluator meets them
 * (server/modules/flows/runtime/reads.ts `eventPropertiesHold`, lib/conditions.ts). One typed
 * description, compiled for DuckDB and ClickHouse; every value is bound.
 */

/** The property operators SQL cannot answer as the evaluator does (dates read by `Date.parse`). */
export const UNCOUNTABLE_PROPERTY_TYPES: readonly ConditionType[] = [
  'before',
  'after',
  'range',
  'less_than_x_days_ago',
  'more_than_x_days_ago',
];

/** The JSON type of a property, per engine (absent: NULL on DuckDB, 'Null' on ClickHouse). */
function jsonTypeIs(d: Dialect<unknown>, key: string, kind: 'array' | 'bool'): string {
  if (d.name === 'duckdb')
    return `coalesce(json_type(properties, ${key}) = '${kind === 'array' ? 'ARRAY' : 'BOOLEAN'}', false)`;
  return `JSONType(properties, ${key}) = '${kind === 'array' ? 'Array' : 'Bool'}'`;
}

/**
 * A list property's elements as text (JSON strings unquoted, other values as their JSON text):
 * what `String(element)` gives for the scalars a property list holds.
 */
function listElements(d: Dialect<unknown>, key: string): string {
  if (d.name === 'duckdb') return `TRY_CAST(json_extract(properties, ${key}) AS VARCHAR[])`;
  return (
    `arrayMap(x -> if(JSONType(x) = 'String', JSONExtractString(x), x),` +
    ` JSONExtractArrayRaw(properties, ${key}))`
  );
}

/** `String(list)`: the elements joined by commas. */
function listText(d: Dialect<unknown>, key: string): string {
  return d.name === 'duckdb'
    ? `array_to_string(${listElements(d, key)}, ',')`
    : `arrayStringConcat(${listElements(d, key)}, ',')`;
}

/** Whether one element of a list property, lower-cased, equals `value`. */
function listHas(d: Dialect<unknown>, key: string, value: string): string {
  return d.name === 'duckdb'
    ? `list_contains(list_transform(${listElements(d, key)}, x -> lower(x)), ${value})`
    : `has(arrayMap(x -> lowerUTF8(x), ${listElements(d, key)}), ${value})`;
}

class PropertySql<P> {
  private n = 0;
  constructor(
    private readonly d: Dialect<P>,
    private readonly b: Binder<P>,
    private readonly prefix: string,
  ) {}

  private name(kind: string) {
    return `${this.prefix}${kind}${this.n++}`;
  }
  private text(value: string) {
    return this.b.bind(this.name('s'), 'string', value);
  }
  private number(value: number) {
    return this.b.bind(this.name('n'), 'double', value);
  }

  /** `evaluateCondition(properties[key], type, value)` as SQL. */
  condition(c: SegmentPropertyCondition): string {
    const d = this.d;
    const key = this.b.bind(this.name('k'), 'string', d.jsonKeyParam(c.key));
    const v = d.jsonValue('properties', key);
    const isArray = jsonTypeIs(d, key, 'array');
    const isBool = jsonTypeIs(d, key, 'bool');
    const empty = `(${v} IS NULL OR ${v} = '' OR (${isArray} AND ${v} = '[]'))`;
    const full = `NOT ${empty}`;
    // What `String(value)` reads: a list's elements joined by commas, anything else as text.
    const text = `(CASE WHEN ${isArray} THEN ${listText(d, key)} ELSE ${v} END)`;
    const lower = d.lower(text);
    // Number(true) is 1 and Number(false) 0; text that is no finite number is NaN.
    const num = `(CASE WHEN ${isBool} THEN (CASE WHEN ${v} = 'true' THEN 1.0 ELSE 0.0 END) ELSE ${d.toDouble(text)} END)`;
    const e = String(c.value ?? '').toLowerCase();
    const expected = Number(c.value);
    const finite = (x: unknown) => Number.isFinite(Number(x));
    switch (c.type) {
      case 'empty':
        return empty;
      case 'not_empty':
        return full;
      case 'exact':
        return `(${full} AND ${lower} = ${this.text(e)})`;
      case 'not_exact':
        return `(${empty} OR ${lower} <> ${this.text(e)})`;
      case 'contain':
        // A list contains an element equal to the value (case aside); text contains the value.
        return (
          `(CASE WHEN ${isArray} THEN ${listHas(d, key, this.text(e))}` +
          ` ELSE (${full} AND ${d.contains(lower, this.text(e))}) END)`
        );
      case 'not_contain':
        return `(${empty} OR NOT ${d.contains(lower, this.text(e))})`;
      case 'starts_with':
        return `(${full} AND ${d.startsWith(lower, this.text(e))})`;
      case 'ends_with':
        return `(${full} AND ${d.endsWith(lower, this.text(e))})`;
      case '=':
        if (typeof c.value === 'boolean')
          return `(${full} AND ${v} = ${this.text(String(c.value))})`;
        return (
          `(${full} AND (CASE WHEN ${isBool} THEN ${v} = ${this.text(String(c.value))}` +
          (finite(c.value) ? ` ELSE ${num} = ${this.number(expected)} END))` : ` ELSE false END))`)
        );
      case '!=':
        if (!finite(c.value)) return '(1 = 1)';
        return `(${empty} OR ${num} IS NULL OR ${num} <> ${this.number(expected)})`;
      case '>':
      case '>=':
      case '<':
      case '<=':
        if (!finite(c.value)) return '(1 = 0)';
        return `(${full} AND ${num} ${c.type} ${this.number(expected)})`;
      case 'between': {
        const r = c.value;
        if (!isRange(r) || !finite(r.from) || !finite(r.to)) return '(1 = 0)';
        return (
          `(${full} AND ${num} >= ${this.number(Number(r.from))}` +
          ` AND ${num} <= ${this.number(Number(r.to))})`
        );
      }
      default:
        throw new Error(`property operator ${c.type} is not countable in SQL`);
    }
  }
}

/**
 * The page's customers. DuckDB's `list_contains` tests the whole bound list on every row (a page
 * of 1,000 keys took 13 times as long, docs/adr/0022-segment-engine.md); `IN (SELECT
 * unnest(…))` is a hash lookup, as ClickHouse's `IN` of an array already is.
 */
function keysOf<P>(keys: readonly string[], d: Dialect<P>, b: Binder<P>): string {
  if (d.name !== 'duckdb' || keys.length === 0) return b.inStrings('customer_key', 'keys', keys);
  return `customer_key IN (SELECT unnest(${b.bind('keys', 'strings', keys)}))`;
}

/** One `count(CASE WHEN … THEN 1 END) AS c<i>` per condition, grouped by customer. */
export function compileSegmentEventCounts<P>(
  shape: SegmentEventCountsShape,
  d: Dialect<P>,
  b: Binder<P>,
): string {
  const counts = shape.conditions.map((c, i) => {
    if (c.event === null) return `0 AS c${i}`;
    const parts = [`event = ${b.bind(`e${i}`, 'string', c.event)}`];
    if (c.from) parts.push(`timestamp >= ${b.bind(`f${i}`, 'timestamp', c.from)}`);
    if (c.to) parts.push(`timestamp < ${b.bind(`t${i}`, 'timestamp', c.to)}`);
    if (c.properties.length > 0) {
      const p = new PropertySql(d, b, `p${i}_`);
      const each = c.properties.map((x) => p.condition(x));
      parts.push(`(${each.join(c.operator === 'OR' ? ' OR ' : ' AND ')})`);
    }
    return `count(CASE WHEN ${parts.join(' AND ')} THEN 1 END) AS c${i}`;
  });
  const codes = [...new Set(shape.conditions.flatMap((c) => (c.event === null ? [] : [c.event])))];
  return (
    `SELECT customer_key, ${counts.join(', ') || '0 AS c0'} FROM events` +
    ` WHERE ${b.brand(shape.brandId)}` +
    ` AND ${keysOf(shape.customerKeys, d, b)}` +
    ` AND ${b.inStrings('event', 'codes', codes)}` +
    ` GROUP BY customer_key`
  );
}

export function readSegmentEventCounts(
  shape: SegmentEventCountsShape,
  rows: readonly RawRow[],
): SegmentEventCountRow[] {
  return rows.map((r) => ({
    customerKey: String(r.customer_key),
    counts: shape.conditions.map((_, i) => toNumber(r[`c${i}`] ?? 0)),
  }));
}
