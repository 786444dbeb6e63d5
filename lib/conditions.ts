/**
 * Attribute data types and the condition operators of each
 * (docs/product/entities.md#filter-operators-timeframes-and-granularities,
 * docs/product/constants.md#condition-types-per-data-type), with evaluation.
 */

import type { RangeValue } from './contracts/common';
import type { AttributeCondition } from './contracts/customer-profiles';
import type { ConditionValue } from './contracts/flows';

export const DATA_TYPES = ['string', 'number', 'date', 'boolean', 'list'] as const;
export type DataType = (typeof DATA_TYPES)[number];

export const DATA_TYPE_LABELS: Record<DataType, string> = {
  string: 'Text',
  number: 'Number',
  date: 'Date',
  boolean: 'Boolean',
  list: 'List',
};

/** Whether a stored metadata value suits its attribute's data type; null (clearing) always does. */
export function valueFitsDataType(type: DataType, value: unknown): boolean {
  if (value === null) return true;
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'date':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value));
    case 'list':
      return typeof value === 'string';
  }
}

/**
 * Condition types of the flow editor per data type
 * (docs/product/constants.md#condition-types-per-data-type), first one is the default.
 */
export const CONDITION_TYPES = {
  string: [
    'exact',
    'contain',
    'not_exact',
    'not_contain',
    'starts_with',
    'ends_with',
    'empty',
    'not_empty',
  ],
  number: ['=', '>', '>=', '<', '<=', 'between', 'empty', 'not_empty'],
  date: [
    'before',
    'after',
    'range',
    'less_than_x_days_ago',
    'more_than_x_days_ago',
    'empty',
    'not_empty',
  ],
  boolean: ['=', 'empty'],
  list: ['contain'],
} as const satisfies Record<DataType, readonly string[]>;

/**
 * Filter operators of the profile list per data type
 * (docs/product/entities.md#filter-operators-timeframes-and-granularities).
 */
export const FILTER_OPERATORS = {
  string: [
    'exact',
    'not_exact',
    'contain',
    'not_contain',
    'starts_with',
    'ends_with',
    'empty',
    'not_empty',
  ],
  number: ['=', '!=', '>', '>=', '<', '<='],
  boolean: ['=', 'empty'],
  date: ['before', 'after', 'range'],
  list: ['contain'],
} as const satisfies Record<DataType, readonly string[]>;

export type ConditionType =
  (typeof CONDITION_TYPES)[DataType][number] | (typeof FILTER_OPERATORS)[DataType][number];

export const ALL_CONDITION_TYPES: readonly ConditionType[] = [
  ...new Set<ConditionType>([
    ...Object.values(CONDITION_TYPES).flat(),
    ...Object.values(FILTER_OPERATORS).flat(),
  ]),
];

/** Labels shown for condition types (docs/product/constants.md#condition-labels). */
export const CONDITION_LABELS: Record<ConditionType, string> = {
  exact: 'exact',
  contain: 'contains',
  not_exact: 'not exact',
  not_contain: 'not contains',
  starts_with: 'starts with',
  ends_with: 'ends with',
  empty: 'is empty',
  not_empty: 'is not empty',
  '=': 'equal',
  '!=': 'not equal',
  '>': 'greater than',
  '>=': 'greater than or equal',
  '<': 'less than',
  '<=': 'less than or equal',
  between: 'between',
  before: 'before',
  after: 'after',
  range: 'range',
  less_than_x_days_ago: 'less than X days ago',
  more_than_x_days_ago: 'more than X days ago',
};

/**
 * Types that take no value (docs/product/validation.md#56-condition-value-checks: value checks are
 * skipped for them).
 */
export const VALUELESS_CONDITION_TYPES: readonly ConditionType[] = ['empty', 'not_empty'];

/** The wire shapes of conditions are the contracts' (type imports only: this module stays zod-free). */
export type { AttributeCondition, ConditionValue, RangeValue };

/**
 * Whether a condition value is a two-sided range (`{from, to}`: `between`, `range`, an event
 * condition's between frequency or timeframe). The one range check of the dashboard, the server
 * and the SDK.
 */
export const isRange = (v: unknown): v is { from: unknown; to: unknown } =>
  typeof v === 'object' && v !== null && 'from' in v && 'to' in v;

const DAY_MS = 24 * 60 * 60 * 1000;
const isEmpty = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const asNumber = (v: unknown) => (typeof v === 'number' ? v : Number(v));
const asTime = (v: unknown) =>
  v instanceof Date ? v.getTime() : typeof v === 'number' ? v : Date.parse(String(v));
/**
 * Range ends are inclusive; a date range ends at the end of its last day
 * (docs/product/constants.md#display-formats).
 */
const endOfDay = (t: number) => t - (t % DAY_MS) + DAY_MS - 1;

/**
 * Whether an attribute value meets a condition. Text comparisons ignore case, as the SQL
 * filter does (`ILIKE` / `lower()`); `now` is injectable for tests.
 */
export function evaluateCondition(
  actual: unknown,
  type: ConditionType,
  expected: ConditionValue,
  now: number = Date.now(),
): boolean {
  if (type === 'empty') return isEmpty(actual);
  if (type === 'not_empty') return !isEmpty(actual);
  if (type === 'contain' && Array.isArray(actual))
    return actual.some((a) => String(a).toLowerCase() === String(expected).toLowerCase());
  if (isEmpty(actual)) return type === 'not_exact' || type === 'not_contain' || type === '!=';
  const a = String(actual).toLowerCase();
  const e = String(expected ?? '').toLowerCase();
  switch (type) {
    case 'exact':
      return a === e;
    case 'not_exact':
      return a !== e;
    case 'contain':
      return a.includes(e);
    case 'not_contain':
      return !a.includes(e);
    case 'starts_with':
      return a.startsWith(e);
    case 'ends_with':
      return a.endsWith(e);
    case '=':
      if (typeof actual === 'boolean' || typeof expected === 'boolean')
        return String(actual) === String(expected);
      return asNumber(actual) === asNumber(expected);
    case '!=':
      return asNumber(actual) !== asNumber(expected);
    case '>':
      return asNumber(actual) > asNumber(expected);
    case '>=':
      return asNumber(actual) >= asNumber(expected);
    case '<':
      return asNumber(actual) < asNumber(expected);
    case '<=':
      return asNumber(actual) <= asNumber(expected);
    case 'between':
      return (
        isRange(expected) &&
        asNumber(actual) >= asNumber(expected.from) &&
        asNumber(actual) <= asNumber(expected.to)
      );
    case 'before':
      return asTime(actual) < asTime(expected);
    case 'after':
      return asTime(actual) > endOfDay(asTime(expected));
    case 'range':
      return (
        isRange(expected) &&
        asTime(actual) >= asTime(expected.from) &&
        asTime(actual) <= endOfDay(asTime(expected.to))
      );
    case 'less_than_x_days_ago':
      return asTime(actual) > now - asNumber(expected) * DAY_MS;
    case 'more_than_x_days_ago':
      return asTime(actual) < now - asNumber(expected) * DAY_MS;
    default:
      return false;
  }
}
