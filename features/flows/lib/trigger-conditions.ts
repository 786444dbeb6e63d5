import { CONDITION_LABELS, isRange } from '@/lib/conditions';
import {
  MAX_TRIGGER_CONDITIONS,
  type CustomerCondition,
  type EventCondition,
  type FlowBody,
  type TriggerCondition,
  type UrlCondition,
} from '@/lib/contracts/flows';

/** The flow's trigger part: the condition groups and the one operator joining them. */
export type FlowCondition = FlowBody['condition'];
/** The operator joining trigger condition groups (docs/product/entities.md#condition-editing). */
export type TriggerOperator = FlowCondition['trigger_operator'];

/** At most 5 trigger conditions per flow (docs/product/constants.md#flow-limits). */
export const canAddTrigger = (condition: FlowCondition) =>
  condition.trigger_conditions.length < MAX_TRIGGER_CONDITIONS;

/** Appends a group; a flow already at the limit stays as it is. */
export function addTrigger(condition: FlowCondition, group: TriggerCondition): FlowCondition {
  if (!canAddTrigger(condition)) return condition;
  return { ...condition, trigger_conditions: [...condition.trigger_conditions, group] };
}

/** Replaces the group at `index`; `null` removes it (a dialog saved nothing). */
export function replaceTrigger(
  condition: FlowCondition,
  index: number,
  group: TriggerCondition | null,
): FlowCondition {
  const list = condition.trigger_conditions;
  if (index < 0 || index >= list.length) return condition;
  return {
    ...condition,
    trigger_conditions: group
      ? list.map((g, i) => (i === index ? group : g))
      : list.filter((_, i) => i !== index),
  };
}

export const removeTrigger = (condition: FlowCondition, index: number) =>
  replaceTrigger(condition, index, null);

export const setTriggerOperator = (
  condition: FlowCondition,
  trigger_operator: TriggerOperator,
): FlowCondition => ({ ...condition, trigger_operator });

const quote = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '';
  if (isRange(v)) return `${v.from} to ${v.to}`;
  return String(v);
};

/** "URL matches /pricing (exact) · excludes /admin (starts with)". */
export function summarizeUrl(conditions: readonly UrlCondition[]): string {
  const part = (type: UrlCondition['type']) =>
    conditions
      .filter((c) => c.type === type)
      .map((c) => `${c.value} (${c.condition_type})`)
      .join(', ');
  const includes = part('includes');
  const excludes = part('excludes');
  const parts = [includes && `matches ${includes}`, excludes && `excludes ${excludes}`].filter(
    Boolean,
  );
  return parts.length ? `URL ${parts.join(' · ')}` : 'URL (no URLs yet)';
}

/** "plan exact pro and 1 more": the first condition, then how many follow. */
export function summarizeCustomer(conditions: readonly CustomerCondition[]): string {
  const [first, ...rest] = conditions;
  if (!first) return 'Attribute (no conditions yet)';
  const text = [first.customer_key, CONDITION_LABELS[first.condition_type], quote(first.value)]
    .filter(Boolean)
    .join(' ');
  return rest.length ? `${text} and ${rest.length} more` : text;
}

const FREQUENCY_LABELS = {
  at_least: 'at least',
  at_most: 'at most',
  exactly: 'exactly',
  between: 'between',
} as const;

function frequencyText(f: EventCondition['frequency']): string | null {
  if (!f.condition_type) return null;
  const v = f.value;
  if (isRange(v)) return `between ${v.from} and ${v.to} times`;
  if (v === null) return FREQUENCY_LABELS[f.condition_type];
  return `${FREQUENCY_LABELS[f.condition_type]} ${v} ${v === 1 ? 'time' : 'times'}`;
}

function timeframeText(t: EventCondition['timeframe']): string {
  const v = t.value;
  const unit = t.unit ?? '';
  switch (t.condition_type) {
    case 'anytime':
      return 'anytime';
    case 'in_the_last':
      return `in the last ${quote(v)} ${unit}`.trim();
    case 'more_than':
      return `more than ${quote(v)} ${unit} ago`.replace(/\s+/g, ' ');
    case 'between':
      return isRange(v)
        ? `between ${v.from} and ${v.to} ${unit} ago`.replace(/\s+/g, ' ')
        : 'between';
    case 'date_range':
      return isRange(v) ? `from ${v.from} to ${v.to}` : 'in a date range';
  }
}

/** "Event signup_completed, at least 1 time, in the last 1 days". */
export function summarizeEvent(conditions: readonly EventCondition[]): string {
  const [ev] = conditions;
  if (!ev) return 'Event (none chosen)';
  const n = ev.attribute_conditions.length;
  return [
    `Event ${ev.event_code ?? '(none chosen)'}`,
    frequencyText(ev.frequency),
    timeframeText(ev.timeframe),
    n ? `${n} attribute ${n === 1 ? 'condition' : 'conditions'}` : null,
  ]
    .filter(Boolean)
    .join(', ');
}

/** One line a person can read for a trigger condition group. */
export function summarizeTrigger(group: TriggerCondition): string {
  switch (group.trigger_type) {
    case 'url':
      return summarizeUrl(group.conditions);
    case 'customer_condition':
      return summarizeCustomer(group.conditions);
    case 'event':
      return summarizeEvent(group.conditions);
  }
}
