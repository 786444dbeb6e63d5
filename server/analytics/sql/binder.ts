import type { Granularity } from '../types';

/** What a bound parameter holds; each dialect picks the engine type and the JS encoding. */
export interface ParamValues {
  int: number;
  double: number;
  /** Non-negative count (LIMIT). */
  uint: number;
  string: string;
  timestamp: Date;
  strings: readonly string[];
}
export type ParamKind = keyof ParamValues;

/** The differences between engines; everything else in the query shapes is shared SQL. */
export interface Dialect<P> {
  readonly name: 'duckdb' | 'clickhouse';
  /**
   * Ends a subquery whose computed columns the outer query filters on, so the engine evaluates
   * them once per row: DuckDB pushes an outer filter down into the subquery by substituting each
   * column with its expression (10 references to an extracted property parse the JSON 10 times),
   * and `OFFSET 0` stops that; ClickHouse computes an expression once however often it appears.
   */
  readonly fence: string;
  /** SQL text standing for the bound parameter `name` (with any conversion around it). */
  placeholder(name: string, kind: ParamKind): string;
  encode<K extends ParamKind>(kind: K, value: ParamValues[K]): P;
  /** Milliseconds since the epoch of a timestamp expression, as an integer. */
  epochMs(expr: string): string;
  /** `expr` is one of the elements of the bound list `list` (a placeholder). */
  inList(expr: string, list: string): string;
  countDistinct(expr: string): string;
  /** Epoch milliseconds of the start of the UTC bucket holding `expr`; weeks start on Monday. */
  bucketStartMs(granularity: Granularity, expr: string): string;
  /** A top-level property of a JSON text column as an integer (0 or null when absent). */
  jsonInt(column: string, key: string): string;
  /** A top-level property of a JSON text column as text. */
  jsonText(column: string, key: string): string;
  /** A top-level property of a JSON text column as JSON text (an object stays an object). */
  jsonRaw(column: string, key: string): string;
  /**
   * `WITH name AS (select)`, evaluated on its own: DuckDB then looks rows up by the
   * customer_key index instead of scanning because of the outer filters.
   */
  cte(name: string, select: string): string;
  /** What to bind for a user-given property name (`jsonValue`'s `key`). */
  jsonKeyParam(key: string): string;
  /**
   * A top-level property of a JSON text column as text, whatever its JSON type (numbers and
   * booleans as their JSON text); NULL when absent or null. `key` is a placeholder.
   */
  jsonValue(column: string, key: string): string;
  /** The median of a numeric expression, the mean of the two middle values for an even count. */
  median(expr: string): string;
  /** The value of `expr` on the row with the greatest `by` of the group. */
  latest(expr: string, by: string): string;
  /** Lower case, every letter (not only ASCII ones). */
  lower(expr: string): string;
  /** Text to a double, NULL when it is not a finite number. */
  toDouble(expr: string): string;
  contains(haystack: string, needle: string): string;
  startsWith(text: string, prefix: string): string;
  endsWith(text: string, suffix: string): string;
  /**
   * The first day (YYYY-MM-DD text) of the bucket holding the UTC timestamp `expr` on the wall
   * clock of the zone `tz` (a placeholder); weeks start on Monday.
   */
  zonedBucket(granularity: Granularity, expr: string, tz: string): string;
}

/** Property names in SQL text are the code's own constants, never user input: checked anyway. */
export function jsonKey(key: string): string {
  if (!/^[a-z_][a-z0-9_]*$/i.test(key)) throw new Error(`unsafe JSON key: ${key}`);
  return key;
}

/** The bound parameter holding a shape's retention cutoff (docs/retention.md). */
export const KEPT_FROM_PARAM = 'kept_from';

/** Collects bound parameters: values never enter the SQL text. */
export class Binder<P> {
  readonly params: Record<string, P> = {};
  constructor(
    private readonly dialect: Dialect<P>,
    /** The product's retention cutoff: events before it are hidden from every read. */
    private readonly keptFrom?: Date,
  ) {}

  /**
   * The events of a product a read may see: `brand_id = …`, and with a retention cutoff only
   * those at or after it (docs/retention.md). Every shape's reads of `events` go through here.
   */
  brand(brandId: number): string {
    const brand = `brand_id = ${this.bind('brand', 'int', brandId)}`;
    if (!this.keptFrom) return brand;
    return `${brand} AND timestamp >= ${this.bind(KEPT_FROM_PARAM, 'timestamp', this.keptFrom)}`;
  }

  bind<K extends ParamKind>(name: string, kind: K, value: ParamValues[K]): string {
    this.params[name] = this.dialect.encode(kind, value);
    return this.dialect.placeholder(name, kind);
  }

  /** An empty list matches nothing: engines cannot infer the type of an empty bound list. */
  inStrings(expr: string, name: string, values: readonly string[]): string {
    if (values.length === 0) return '1 = 0';
    return this.dialect.inList(expr, this.bind(name, 'strings', values));
  }

  /**
   * A short list as separate parameters (`expr IN ($k0, $k1)`): DuckDB looks such a list up in
   * an index, but scans for a bound list.
   */
  inFewStrings(expr: string, name: string, values: readonly string[]): string {
    if (values.length === 0) return '1 = 0';
    const list = values.map((v, i) => this.bind(`${name}${i}`, 'string', v));
    return `${expr} IN (${list.join(', ')})`;
  }
}
