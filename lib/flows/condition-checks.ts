/**
 * The condition checks of docs/product/validation.md: customer-condition rows
 * (#55-saving-customer-conditions), condition values (#56-condition-value-checks) and the event
 * form (#57-event-condition-form). `checks.ts` re-exports them with the flow checks.
 */
import { isRange, VALUELESS_CONDITION_TYPES, type ConditionType } from '../conditions';
import type { CustomerCondition, EventCondition } from '../contracts/flows';
import { MESSAGES } from '../messages';

const M = MESSAGES.flows;

/**
 * Numeric = a number or a non-blank numeric string
 * (docs/product/validation.md#56-condition-value-checks).
 */
export const isNumeric = (v: unknown) =>
  (typeof v === 'number' && Number.isFinite(v)) ||
  (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)));
/**
 * Date-like values begin with yyyy-mm-dd (docs/product/validation.md#56-condition-value-checks).
 */
export const isDateLike = (v: unknown) =>
  typeof v === 'string' &&
  /^\d{4}-\d{2}-\d{2}/.test(v) &&
  !Number.isNaN(Date.parse(v.slice(0, 10)));
/** A valid URL uses http or https only (docs/product/validation.md#56-condition-value-checks). */
export function isHttpUrl(v: unknown): boolean {
  if (typeof v !== 'string') return false;
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * A link a tour opens or loads (navigation actions, background images): a valid URL (http or
 * https, above) or a path on this site starting with `/` (never `//host` or `/\host`).
 */
export function isTourLink(v: unknown): boolean {
  if (typeof v !== 'string') return false;
  const link = v.trim();
  return /^\/(?![/\\])/.test(link) || isHttpUrl(link);
}

const NUMBER_KINDS: readonly ConditionType[] = [
  '!=',
  '=',
  '>',
  '>=',
  '<',
  '<=',
  'less_than_x_days_ago',
  'more_than_x_days_ago',
];
const TEXT_KINDS: readonly ConditionType[] = [
  'exact',
  'not_exact',
  'contain',
  'not_contain',
  'starts_with',
  'ends_with',
];

/**
 * The checks of docs/product/validation.md#56-condition-value-checks for one condition value;
 * `null` when it is fine.
 */
export function conditionValueProblem(
  type: ConditionType,
  value: unknown,
  dataType?: string,
): string | null {
  if (VALUELESS_CONDITION_TYPES.includes(type)) return null;
  if (value === undefined || value === null || value === '') return M.valueRequired;
  if (type === 'range' || type === 'between') {
    if (!isRange(value)) return M.rangeRequired;
    const { from, to } = value;
    if (type === 'between') return isNumeric(from) && isNumeric(to) ? null : M.valueNumber;
    if (!from || !to) return M.rangeBothDates;
    if (!isDateLike(from)) return M.rangeFromValid;
    if (!isDateLike(to)) return M.rangeToValid;
    return null;
  }
  if (type === '=' && (dataType === 'boolean' || typeof value === 'boolean')) return null;
  if (NUMBER_KINDS.includes(type)) return isNumeric(value) ? null : M.valueNumber;
  if (TEXT_KINDS.includes(type) || type === 'contain')
    return typeof value === 'string' && value.trim() === '' ? M.valueEmpty : null;
  if (type === 'before' || type === 'after') return isDateLike(value) ? null : M.valueDate;
  return null;
}

/**
 * The checks of docs/product/validation.md#56-condition-value-checks over a list: "Condition N:
 * message" per failing row. N is the row's 1-based place in `rowNumbers` when given (the full list
 * the user sees, blank rows included), else in `rows`.
 */
export function conditionProblems(
  rows: readonly { condition_type: ConditionType; value?: unknown }[],
  dataTypes: readonly (string | undefined)[] = [],
  rowNumbers: readonly number[] = [],
): string[] {
  const out: string[] = [];
  rows.forEach((r, i) => {
    const p = conditionValueProblem(r.condition_type, r.value, dataTypes[i]);
    if (p) out.push(M.conditionN(rowNumbers[i] ?? i + 1, p));
  });
  return out;
}

const isBlank = (v: unknown) => v === '' || v === null || v === undefined;

/**
 * Which customer-condition rows survive a save
 * (docs/product/validation.md#55-saving-customer-conditions).
 */
export function keptCustomerConditions(rows: readonly CustomerCondition[]): CustomerCondition[] {
  return rows.filter((r) => {
    if (!r.customer_key) return false;
    if (VALUELESS_CONDITION_TYPES.includes(r.condition_type)) return true;
    const v = r.value;
    if (isRange(v)) return !isBlank(v.from) && !isBlank(v.to);
    if (typeof v === 'number' || typeof v === 'boolean') return true;
    return typeof v === 'string' && v !== '';
  });
}

/** A whole number of at least 1, as a number or a string of digits. */
const isCount = (v: unknown) =>
  (typeof v === 'number' && Number.isSafeInteger(v) && v >= 1) ||
  (typeof v === 'string' && /^\d+$/.test(v) && Number(v) >= 1);

/**
 * The time range of an event condition, checked with the rest of the event form
 * (docs/product/validation.md#57-event-condition-form; the rules are listed in docs/flows.md):
 * anytime needs nothing; in the last and more than need a whole number of at least 1; between
 * needs two, the first below the second; a date range needs two valid dates, the first not after
 * the second. `null` when it is fine.
 */
export function timeframeProblem(t: EventCondition['timeframe']): string | null {
  const v = t.value;
  switch (t.condition_type) {
    case 'anytime':
      return null;
    case 'in_the_last':
    case 'more_than':
      if (isBlank(v)) return M.timeRangeRequired;
      return isCount(v) ? null : M.timeRangeAtLeastOne;
    case 'between':
      if (!isRange(v) || isBlank(v.from) || isBlank(v.to)) return M.timeRangeRequired;
      if (!isCount(v.from) || !isCount(v.to)) return M.timeRangeAtLeastOne;
      return Number(v.from) < Number(v.to) ? null : M.timeRangeOrder;
    case 'date_range':
      if (!isRange(v) || isBlank(v.from) || isBlank(v.to)) return M.timeRangeRequired;
      if (!isDateLike(v.from)) return M.rangeFromValid;
      if (!isDateLike(v.to)) return M.rangeToValid;
      return String(v.from).slice(0, 10) <= String(v.to).slice(0, 10) ? null : M.timeRangeDateOrder;
    default:
      return M.timeRangeRequired;
  }
}

/**
 * The event form, on Apply (docs/product/validation.md#57-event-condition-form).
 * `attributeRowNumbers` numbers the attribute conditions as the dialog shows them (see
 * `conditionProblems`).
 */
export function eventConditionProblems(
  ev: EventCondition,
  attributeRowNumbers?: readonly number[],
): string[] {
  const out: string[] = [];
  if (ev.event_id === null || ev.event_id === undefined) out.push(M.eventRequired);
  else if (!Number.isInteger(ev.event_id) || ev.event_id < 1) out.push(M.eventSelected);
  if (!ev.event_code) out.push(M.eventCodeRequired);
  const f = ev.frequency;
  if (!f.condition_type) out.push(M.conditionTypeRequired);
  if (f.condition_type === 'between') {
    const v = f.value;
    if (!isRange(v)) out.push(M.betweenObjectWhen);
    else if (typeof v.from !== 'number' || typeof v.to !== 'number') out.push(M.betweenNumbers);
    else if (v.from < 1 || v.to < 1) out.push(M.betweenAtLeastOne);
    else if (v.from >= v.to) out.push(M.betweenOrder);
  } else if (f.value === null || f.value === undefined) out.push(M.frequencyRequired);
  else if (typeof f.value !== 'number') out.push(M.betweenObject);
  else if (f.value < 0) out.push(M.valueAtLeastZero);
  const time = timeframeProblem(ev.timeframe);
  if (time) out.push(time);
  const attr = conditionProblems(ev.attribute_conditions, [], attributeRowNumbers);
  if (attr.length) out.push(attr.join(', '));
  return out;
}
