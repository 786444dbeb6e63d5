/**
 * The checks a segment definition passes before it is saved (docs/segments.md, "Definition"):
 * the flow conditions' value checks (lib/flows/condition-checks.ts) with the path of each
 * problem, for the server's 400 and the builder's messages alike. Pure: whether a referenced
 * segment exists, and cycles and depth, are the server's (they need the product's segments).
 */
import type { EventCondition } from '../contracts/flows';
import type { SegmentDefinitionInput } from '../contracts/segments';
import {
  conditionValueProblem,
  eventConditionProblems,
  timeframeProblem,
} from '../flows/condition-checks';
import { MESSAGES } from '../messages';

export interface SegmentProblem {
  /** Where, from the request body: `definition.conditions.2.conditions.0.value`. */
  path: string;
  message: string;
}

type Condition = SegmentDefinitionInput['conditions'][number];
type EventInput = Extract<Condition, { type: 'event' }>;

const M = MESSAGES.flows;

/** The frequency's problem, from the flow's event form checks on the frequency alone. */
function frequencyProblem(ev: EventInput): string | null {
  const only = eventConditionProblems({
    event_id: 1,
    event_code: 'event',
    frequency: ev.frequency,
    timeframe: { condition_type: 'anytime' },
    attribute_conditions: [],
    attribute_condition_operator: 'AND',
  } as EventCondition);
  return only[0] ?? null;
}

function eventProblems(ev: EventInput, at: string): SegmentProblem[] {
  const out: SegmentProblem[] = [];
  if (ev.event_id !== undefined && ev.event_id !== null && ev.event_id < 1)
    out.push({ path: `${at}.event_id`, message: M.eventSelected });
  if (!ev.event_code?.trim()) out.push({ path: `${at}.event_code`, message: M.eventCodeRequired });
  const freq = frequencyProblem(ev);
  if (freq)
    out.push({
      path: `${at}.frequency.${freq === M.conditionTypeRequired ? 'condition_type' : 'value'}`,
      message: freq,
    });
  const time = timeframeProblem(ev.timeframe);
  if (time) out.push({ path: `${at}.timeframe.value`, message: time });
  ev.attribute_conditions.forEach((a, i) => {
    const p = a.attribute_key.trim()
      ? conditionValueProblem(a.condition_type, a.value)
      : MESSAGES.segments.attributeRequired;
    const field = a.attribute_key.trim() ? 'value' : 'attribute_key';
    if (p) out.push({ path: `${at}.attribute_conditions.${i}.${field}`, message: p });
  });
  return out;
}

function conditionProblems(c: Condition, at: string): SegmentProblem[] {
  switch (c.type) {
    case 'customer': {
      if (!c.customer_key.trim())
        return [{ path: `${at}.customer_key`, message: MESSAGES.segments.attributeRequired }];
      const p = conditionValueProblem(c.condition_type, c.value);
      return p ? [{ path: `${at}.value`, message: p }] : [];
    }
    case 'event':
      return eventProblems(c, at);
    case 'segment':
      return [];
    case 'group':
      if (!c.conditions.length)
        return [{ path: `${at}.conditions`, message: MESSAGES.segments.emptyGroup }];
      return c.conditions.flatMap((inner, i) => conditionProblems(inner, `${at}.conditions.${i}`));
  }
}

/**
 * Every problem of a definition, in the order the builder shows its rows; the first is the one a
 * save answers. `base` prefixes each path (`definition` in a request body).
 */
export function segmentProblemList(
  definition: SegmentDefinitionInput,
  base = 'definition',
): SegmentProblem[] {
  if (!definition.conditions.length)
    return [{ path: `${base}.conditions`, message: MESSAGES.segments.noConditions }];
  return definition.conditions.flatMap((c, i) => conditionProblems(c, `${base}.conditions.${i}`));
}

/** The first problem of a definition, or null when it can be saved. */
export function segmentProblems(
  definition: SegmentDefinitionInput,
  base = 'definition',
): SegmentProblem | null {
  return segmentProblemList(definition, base)[0] ?? null;
}
