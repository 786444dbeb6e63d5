/**
 * The validation rules 5.2 and 5.4–5.8 of docs/product/validation.md, one function each, shared by
 * editor and server.
 */
import { VALUELESS_CONDITION_TYPES, type ConditionType } from '../conditions';
import type {
  CustomerCondition,
  EventCondition,
  FlowAction,
  FlowButton,
  FlowBody,
  FlowStep,
  UrlCondition,
} from '../contracts/flows';
import { FLOW_TITLE_MAX, MAX_URL_CONDITIONS } from '../contracts/flows';
import { MESSAGES } from '../messages';

const M = MESSAGES.flows;

/** Checked on Enter and on blur (docs/product/validation.md#52-flow-title). */
export function titleProblem(title: string): string | null {
  const t = title.trim();
  if (t === '') return M.titleEmpty;
  if (t.length > FLOW_TITLE_MAX) return M.titleTooLong;
  return null;
}

/**
 * Every field filled, at most 8 rows in total, one row per match type per list
 * (docs/product/validation.md#54-url-condition-dialog).
 */
export function urlConditionProblems(rows: readonly UrlCondition[]): string[] {
  const problems: string[] = [];
  if (rows.some((r) => r.value.trim() === '')) problems.push(M.urlFieldsRequired);
  if (rows.length > MAX_URL_CONDITIONS) problems.push(M.maxUrlConditions);
  return problems;
}

/**
 * Match types still free for a new row of one list
 * (docs/product/validation.md#54-url-condition-dialog: each type once per list).
 */
export function freeMatchTypes<T extends string>(all: readonly T[], used: readonly string[]): T[] {
  return all.filter((t) => !used.includes(t));
}

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
    if (typeof value !== 'object' || !('from' in value) || !('to' in value)) return M.rangeRequired;
    const { from, to } = value as { from: unknown; to: unknown };
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
    if (typeof v === 'object' && v !== null) return !isBlank(v.from) && !isBlank(v.to);
    if (typeof v === 'number' || typeof v === 'boolean') return true;
    return typeof v === 'string' && v !== '';
  });
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
    if (typeof v !== 'object' || v === null || !('from' in v) || !('to' in v))
      out.push(M.betweenObjectWhen);
    else if (typeof v.from !== 'number' || typeof v.to !== 'number') out.push(M.betweenNumbers);
    else if (v.from < 1 || v.to < 1) out.push(M.betweenAtLeastOne);
    else if (v.from >= v.to) out.push(M.betweenOrder);
  } else if (f.value === null || f.value === undefined) out.push(M.frequencyRequired);
  else if (typeof f.value !== 'number') out.push(M.betweenObject);
  else if (f.value < 0) out.push(M.valueAtLeastZero);
  const attr = conditionProblems(ev.attribute_conditions, [], attributeRowNumbers);
  if (attr.length) out.push(attr.join(', '));
  return out;
}

/** A goto target that is missing, or (when the flow's step ids are known) names no step. */
const noTarget = (a: FlowAction, stepIds?: readonly string[]) =>
  a.type === 'goto' &&
  (!a.reference_step || (stepIds !== undefined && !stepIds.includes(a.reference_step)));

/**
 * The checks of docs/product/validation.md#58-flow-checks for one action of a button (or,
 * `tooltip`, of a tooltip's element); null if fine. With `stepIds`, a goto to a step that no longer
 * exists needs a new one, as if none were chosen.
 */
export function actionProblem(
  a: FlowAction,
  tooltip: boolean,
  stepIds?: readonly string[],
): string | null {
  if (noTarget(a, stepIds)) return tooltip ? M.elementActionStep : M.actionStep;
  if (a.type === 'navigation' && !(a.value ?? '').trim())
    return tooltip ? M.elementActionLink : M.actionLink;
  return null;
}

/** Each button needs at least one action (docs/product/validation.md#58-flow-checks). */
export const buttonProblem = (b: FlowButton): string | null =>
  b.actions.length === 0 ? M.buttonAction : null;

function actionProblems(
  actions: readonly FlowAction[],
  tooltip: boolean,
  stepIds?: readonly string[],
): string[] {
  return actions.flatMap((a) => actionProblem(a, tooltip, stepIds) ?? []);
}

/** "Empty" rich text: no text and no image once tags and an empty paragraph are stripped. */
export function isEmptyContent(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  const textOnly = html
    .replace(/<br\s*\/?>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();
  return textOnly === '';
}

/** A count of showings: a whole number of at least 1, as a number or a string of digits. */
function isDisplayCount(times: number | string): boolean {
  const n = typeof times === 'number' ? times : /^\d+$/.test(times) ? Number(times) : NaN;
  return Number.isSafeInteger(n) && n >= 1;
}

/**
 * display_type custom needs display_times, a whole number of at least 1
 * (docs/product/validation.md#58-flow-checks).
 */
export function displayTimesProblem(
  type: FlowBody['display_type'],
  times: FlowBody['display_times'],
): string | null {
  if (type !== 'custom') return null;
  if (times === null || times === undefined || times === '') return M.displayTimesRequired;
  return isDisplayCount(times) ? null : M.displayTimesNumber;
}

/**
 * The checks of docs/product/validation.md#58-flow-checks for one step. With `stepIds` (the flow's
 * steps), gotos to other ids count as unset. Element actions belong to tooltips only; other types
 * ignore any left over.
 */
export function stepProblems(step: FlowStep, stepIds?: readonly string[]): string[] {
  const out: string[] = [];
  if (isEmptyContent(step.content)) out.push(M.stepContent);
  for (const b of step.buttons) {
    const none = buttonProblem(b);
    if (none) out.push(none);
    out.push(...actionProblems(b.actions, false, stepIds));
  }
  if (step.type === 'tool_tip') {
    if (!step.select_element?.selector?.trim()) out.push(M.selectElement);
    out.push(...actionProblems(step.element_actions ?? [], true, stepIds));
  }
  return out;
}

/**
 * The checks of docs/product/validation.md#58-flow-checks for the whole flow: what stops it from
 * being published. The editor shows these, the Publish action refuses while any remain, and the
 * server refuses `publish: true` with them.
 */
export function flowProblems(
  flow: Pick<
    FlowBody,
    'condition' | 'display_type' | 'display_times' | 'steps' | 'attribute_conditions'
  >,
): string[] {
  const out: string[] = [];
  const triggers = flow.condition.trigger_conditions.filter((t) => t.conditions.length > 0);
  if (triggers.length === 0) out.push(M.noTrigger);
  for (const t of triggers) {
    if (t.trigger_type === 'url') out.push(...urlConditionProblems(t.conditions));
    if (t.trigger_type === 'customer_condition') {
      const p = conditionProblems(t.conditions);
      if (p.length) out.push(p.join(', '));
    }
    if (t.trigger_type === 'event')
      for (const e of t.conditions) out.push(...eventConditionProblems(e));
  }
  const attr = conditionProblems(flow.attribute_conditions ?? []);
  if (attr.length) out.push(attr.join(', '));
  const times = displayTimesProblem(flow.display_type, flow.display_times);
  if (times) out.push(times);
  if (flow.steps.length === 0) out.push(M.stepContent);
  const stepIds = flow.steps.map((s) => s.id);
  for (const s of flow.steps) out.push(...stepProblems(s, stepIds));
  return [...new Set(out)];
}
