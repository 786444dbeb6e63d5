import {
  isDerivedAttribute,
  type BreakdownSource,
  type PropertyFilter,
} from '../../../lib/contracts/reports';
import type { Binder, Dialect } from './binder';

/**
 * What the report queries share (docs/reports.md, "How a report is computed"): reading an event's
 * property or a customer's attribute, and property filters, compiled per dialect with every user
 * value bound. The shapes themselves are compiled by report type: `trend.ts` (trend and top
 * breakdown values), `funnel.ts` (funnel and its customers), `retention.ts`. Property filters mean
 * what the profile filter and the flow runtime's evaluator mean (`lib/conditions.ts`): text
 * compared without case, an absent or empty value matching only the negative operators;
 * `report-query.suite.ts` checks both agree.
 */

/** Builds SQL pieces for one shape; parameter names are numbered so none repeats. */
export class ReportSql<P> {
  private n = 0;
  constructor(
    private readonly d: Dialect<P>,
    private readonly b: Binder<P>,
    private readonly brandId: number,
  ) {}

  private name(prefix: string) {
    return `${prefix}${this.n++}`;
  }

  /** The product's events a read may see (its retention cutoff included). */
  private brand(): string {
    return this.b.brand(this.brandId);
  }

  /** A property of the event, as text (NULL when absent). */
  property(key: string): string {
    const k = this.b.bind(this.name('key'), 'string', this.d.jsonKeyParam(key));
    return this.d.jsonValue('properties', k);
  }

  /**
   * What an event says of `key`: its property, else, for an attribute the server derives
   * (country, browser, os, device), the value derived for that event.
   */
  private eventValue(key: string): string {
    const p = this.property(key);
    return isDerivedAttribute(key) ? `coalesce(${p}, ${key})` : p;
  }

  /**
   * The customer's attribute `key` as their profile shows it (docs/reports.md, "Customer
   * attributes"), joined by customer_key: the value on their latest event that has one, where an
   * identify call's trait has one and, for a derived attribute, every event has the value
   * derived for it (a trait wins on the same event, as profiles merge them). With `metadata`, the
   * key of an identify call's `traits.metadata` instead. NULL when none.
   */
  private attribute(key: string, metadata = false): { join: string; value: string } {
    const alias = this.name('pa');
    const read = metadata
      ? this.d.jsonValue(
          this.d.jsonRaw('properties', 'metadata'),
          this.b.bind(this.name('key'), 'string', this.d.jsonKeyParam(key)),
        )
      : this.property(key);
    const trait = `CASE WHEN type = 'identify' THEN ${read} END`;
    const value =
      !metadata && isDerivedAttribute(key)
        ? `coalesce(nullif(${trait}, ''), nullif(${key}, ''))`
        : `nullif(${trait}, '')`;
    // Rows that cannot hold a value are left out before any JSON is read.
    const rows = !metadata && isDerivedAttribute(key) ? '' : ` AND type = 'identify'`;
    const join =
      ` LEFT JOIN (SELECT customer_key AS pk, ${this.d.latest(value, 'timestamp')} AS pv` +
      ` FROM events WHERE ${this.brand()}${rows} AND ${value} IS NOT NULL` +
      ` GROUP BY customer_key) ${alias} ON ${alias}.pk = events.customer_key`;
    return { join, value: `${alias}.pv` };
  }

  /** A value of `key` from `source`: the event's (default) or the customer's. */
  read(key: string, source: BreakdownSource | undefined) {
    return source === 'profile' || source === 'metadata'
      ? this.attribute(key, source === 'metadata')
      : { join: '', value: this.eventValue(key) };
  }

  private text(value: unknown): string {
    return this.b.bind(this.name('v'), 'string', String(value ?? '').toLowerCase());
  }

  private number(value: unknown): string {
    return this.b.bind(this.name('v'), 'double', Number(value));
  }

  /**
   * `FROM events WHERE cond`, then the filters (all of them must hold). Each filtered event
   * property is extracted once per row, in a subquery that keeps the alias `events`, however many
   * filters read it and however often each refers to it; each customer attribute is joined once
   * (docs/reports.md, "How a report is computed").
   */
  filtered(cond: string, filters: readonly PropertyFilter[], join = ''): string {
    if (filters.length === 0) return ` FROM events${join} WHERE ${cond}`;
    const columns = new Map<string, string>();
    const extracted: string[] = [];
    const joins: string[] = [];
    for (const f of filters) {
      const id = `${f.source ?? 'event'}:${f.property}`;
      if (columns.has(id)) continue;
      if (f.source === 'profile' || f.source === 'metadata') {
        const attribute = this.attribute(f.property, f.source === 'metadata');
        joins.push(attribute.join);
        columns.set(id, attribute.value);
        continue;
      }
      const column = this.name('pf');
      columns.set(id, column);
      extracted.push(`${this.eventValue(f.property)} AS ${column}`);
    }
    const where = filters.map((f) =>
      this.filter(f, columns.get(`${f.source ?? 'event'}:${f.property}`)),
    );
    if (extracted.length === 0)
      return ` FROM events${joins.join('')}${join} WHERE ${[cond, ...where].join(' AND ')}`;
    const rows = `SELECT *, ${extracted.join(', ')} FROM events WHERE ${cond}${this.d.fence}`;
    return ` FROM (${rows}) events${joins.join('')}${join} WHERE ${where.join(' AND ')}`;
  }

  /** One filter, on `column` (the property already extracted) or the property itself. */
  private filter(f: PropertyFilter, column?: string): string {
    const v = column ?? this.eventValue(f.property);
    const empty = `(${v} IS NULL OR ${v} = '' OR ${v} = '[]')`;
    const lower = this.d.lower(v);
    const num = this.d.toDouble(v);
    const d = this.d;
    switch (f.operator) {
      case 'empty':
        return empty;
      case 'not_empty':
        return `NOT ${empty}`;
      case 'exact':
        return `(NOT ${empty} AND ${lower} = ${this.text(f.value)})`;
      case 'not_exact':
        return `(${empty} OR ${lower} <> ${this.text(f.value)})`;
      case 'contain':
        return `(NOT ${empty} AND ${d.contains(lower, this.text(f.value))})`;
      case 'not_contain':
        return `(${empty} OR NOT ${d.contains(lower, this.text(f.value))})`;
      case 'starts_with':
        return `(NOT ${empty} AND ${d.startsWith(lower, this.text(f.value))})`;
      case 'ends_with':
        return `(NOT ${empty} AND ${d.endsWith(lower, this.text(f.value))})`;
      case '=':
        return f.type === 'boolean'
          ? `(NOT ${empty} AND ${lower} = ${this.text(f.value)})`
          : `(NOT ${empty} AND ${num} = ${this.number(f.value)})`;
      case '!=':
        // A value that is no number differs from every number (NaN !== n).
        return `(${empty} OR ${num} IS NULL OR ${num} <> ${this.number(f.value)})`;
      case '>':
      case '>=':
      case '<':
      case '<=':
        return `(NOT ${empty} AND ${num} ${f.operator} ${this.number(f.value)})`;
      case 'between': {
        const range = f.value as { from: number; to: number };
        return `(NOT ${empty} AND ${num} >= ${this.number(range.from)} AND ${num} <= ${this.number(range.to)})`;
      }
      default:
        // The contract admits no other operator; nothing matches one that slips through.
        return '1 = 0';
    }
  }
}
