import { evaluateCondition } from '../../../../lib/conditions';
import type { EventCondition } from '../../../../lib/contracts/flows';
import type { ProfilesRepository } from '../../profiles/profiles.repository';
import {
  decisiveCount,
  displayAllows,
  eventWindow,
  urlConditionHolds,
  type Candidate,
  type ProfileValues,
} from './decide';

/**
 * What the decision needs to read before it runs, and the event counts it reads: kept apart from
 * the decision itself (decide.ts) so both stay pure and small (docs/flows.md, "Runtime decision").
 */

/**
 * A tour shown every time (or a set number of times) rests for this long after the visitor's
 * last session of it ended: "every time" means every visit, not again on the next click.
 */
export const REST_AFTER_END_MS = 30 * 60 * 1000;

/** Whether a tour rests for this visitor now (`lastEnded`: when their last session ended). */
export function resting(lastEnded: number | undefined, now: number): boolean {
  return lastEnded !== undefined && now - lastEnded < REST_AFTER_END_MS;
}

/**
 * The candidates still in play before anything is read about the visitor: they have steps,
 * their display rule allows another session, and (under AND) their URL conditions hold. Only
 * these decide which reads the decision needs (a profile, event rows).
 */
export function stillPossible<C extends Candidate>(
  candidates: Iterable<C>,
  url: string,
  sessionsOf: (flowId: number) => number,
): C[] {
  // Plain loops: this runs for every published tour on every ask.
  const possible: C[] = [];
  for (const c of candidates) {
    if (c.definition.steps.length === 0 || !displayAllows(c, sessionsOf(c.id))) continue;
    if (urlTriggersAllow(c.definition.condition, url)) possible.push(c);
  }
  return possible;
}

/** Under OR, one trigger that is not a URL one or whose URL condition holds; under AND, all. */
function urlTriggersAllow(condition: Candidate['definition']['condition'], url: string) {
  const triggers = condition.trigger_conditions;
  const any = condition.trigger_operator === 'OR' && triggers.length > 0;
  for (const t of triggers) {
    const holds = t.trigger_type !== 'url' || urlConditionHolds(url, t.conditions);
    if (any && holds) return true;
    if (!any && !holds) return false;
  }
  return !any;
}

/**
 * What the decision must read for these candidates: the profile, which events since when, and
 * per event code the properties its conditions read (`eventKeys`: all the event memory keeps).
 * `segments` are what the segment triggers read (segment-trigger.ts): their event conditions
 * join the tours' own on the same path, and any segment trigger reads the profile.
 */
export function readsNeeded(
  candidates: Candidate[],
  now: number,
  segments: { events: readonly EventCondition[] } = { events: [] },
) {
  let profile = false;
  const eventKeys = new Map<string, Set<string>>();
  let from: number | null = Number.POSITIVE_INFINITY;
  const needEvent = (e: EventCondition) => {
    if (!e.event_code) return;
    let keys = eventKeys.get(e.event_code);
    if (!keys) eventKeys.set(e.event_code, (keys = new Set()));
    for (const a of e.attribute_conditions) keys.add(a.attribute_key);
    const w = eventWindow(e.timeframe, now);
    from = w.from === null || from === null ? null : Math.min(from, w.from);
  };
  for (const c of candidates) {
    if (c.definition.attribute_conditions.length > 0) profile = true;
    for (const t of c.definition.condition.trigger_conditions) {
      if (t.trigger_type === 'customer_condition' && t.conditions.length > 0) profile = true;
      if (t.trigger_type === 'segment' && t.conditions.length > 0) profile = true;
      if (t.trigger_type === 'event') for (const e of t.conditions) needEvent(e);
    }
  }
  for (const e of segments.events) needEvent(e);
  return {
    profile,
    events: [...eventKeys.keys()],
    eventKeys,
    from: from === Number.POSITIVE_INFINITY ? null : from,
  };
}

/** One event as the runtime reads it from the store. */
export interface SeenEvent {
  event: string;
  timestamp: Date;
  properties: Record<string, unknown>;
}

/** Whether an event's properties meet an event condition's attribute conditions (AND or OR). */
export function eventPropertiesHold(
  p: Record<string, unknown>,
  c: Pick<EventCondition, 'attribute_conditions' | 'attribute_condition_operator'>,
  now: number,
): boolean {
  const attrs = c.attribute_conditions;
  if (attrs.length === 0) return true;
  const any = c.attribute_condition_operator === 'OR';
  // Plain loops: the event memory runs this for up to thousands of events per decision.
  for (const a of attrs) {
    const actual = p[a.attribute_key];
    const holds =
      typeof actual === 'number'
        ? numberHolds(actual, a.condition_type, a.value, now)
        : evaluateCondition(actual, a.condition_type, a.value, now);
    if (any && holds) return true;
    if (!any && !holds) return false;
  }
  return !any;
}

/**
 * `evaluateCondition` for a number, without its text conversions when the comparison is
 * numeric and the expected value a number or text (the same answer: it compares `Number(…)`s).
 */
function numberHolds(
  actual: number,
  type: EventCondition['attribute_conditions'][number]['condition_type'],
  expected: EventCondition['attribute_conditions'][number]['value'],
  now: number,
): boolean {
  if (typeof expected !== 'number' && typeof expected !== 'string')
    return evaluateCondition(actual, type, expected, now);
  const e = Number(expected);
  switch (type) {
    case '=':
      return actual === e;
    case '!=':
      return actual !== e;
    case '>':
      return actual > e;
    case '>=':
      return actual >= e;
    case '<':
      return actual < e;
    case '<=':
      return actual <= e;
    default:
      return evaluateCondition(actual, type, expected, now);
  }
}

/**
 * How many of the visitor's events meet an event condition: its code, inside its window, and
 * its attribute conditions on the event's properties, read with the same evaluator as customer
 * conditions. Counting stops once the frequency is decided (`decisiveCount`).
 */
export function countMatching(events: SeenEvent[], c: EventCondition, now: number): number {
  if (!c.event_code) return 0;
  const { from, to } = eventWindow(c.timeframe, now);
  const stop = decisiveCount(c.frequency);
  let n = 0;
  for (const e of events) {
    if (n >= stop) break;
    const t = e.timestamp.getTime();
    if (e.event !== c.event_code) continue;
    if ((from !== null && t < from) || (to !== null && t >= to)) continue;
    if (eventPropertiesHold(e.properties, c, now)) n++;
  }
  return n;
}

/** The profile as conditions read it: system fields, then data attributes, then metadata. */
export function profileValues(
  p: Awaited<ReturnType<ProfilesRepository['findVisitor']>>,
): ProfileValues {
  if (!p) return {};
  return {
    customer_key: p.customerKey,
    email: p.email,
    name: p.name,
    first_seen: p.firstSeen.toISOString(),
    last_seen: p.lastSeen.toISOString(),
    ...p.dataAttributes,
    ...p.metadata,
  };
}
