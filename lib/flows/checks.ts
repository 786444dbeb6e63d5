/**
 * The validation rules 5.2 and 5.4–5.8 of docs/product/validation.md, one function each, shared by
 * editor and server.
 */
import type { FlowAction, FlowButton, FlowBody, FlowStep, UrlCondition } from '../contracts/flows';
import { FLOW_TITLE_MAX, MAX_URL_CONDITIONS } from '../contracts/flows';
import { MESSAGES } from '../messages';
import { conditionProblems, eventConditionProblems, isTourLink } from './condition-checks';

export {
  conditionProblems,
  conditionValueProblem,
  eventConditionProblems,
  isDateLike,
  isHttpUrl,
  isTourLink,
  isNumeric,
  keptCustomerConditions,
  timeframeProblem,
} from './condition-checks';

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
  if (a.type === 'navigation' && !isTourLink(a.value)) return M.linkInvalid;
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
 * steps), gotos to other ids count as unset, and a Back on the first step is refused. Element actions belong to tooltips only; other types
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
  if (step.background_image_url?.trim() && !isTourLink(step.background_image_url))
    out.push(M.linkInvalid);
  if (step.type === 'tool_tip') {
    if (!step.select_element?.selector?.trim()) out.push(M.selectElement);
    out.push(...actionProblems(step.element_actions ?? [], true, stepIds));
  }
  // Every tour starts on its first step: a Back there would do nothing (docs/flows.md, "Step options").
  const actions = [...step.buttons.flatMap((b) => b.actions), ...(step.element_actions ?? [])];
  if (stepIds?.[0] === step.id && actions.some((a) => a.type === 'back'))
    out.push(M.backOnFirstStep);
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
