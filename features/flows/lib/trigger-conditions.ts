import { summarizeCustomer, summarizeEvent } from '@/components/conditions/condition-summary';
import {
  MAX_TRIGGER_CONDITIONS,
  type FlowBody,
  type SegmentTriggerCondition,
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

/** A segment's name when known (read from the API); its id stands in until then. */
export type SegmentNameOf = (id: number) => string | undefined;

/** "In segment Pro customers and not in segment Churn risk". */
export function summarizeSegment(
  conditions: readonly SegmentTriggerCondition[],
  nameOf: SegmentNameOf = () => undefined,
): string {
  if (conditions.length === 0) return 'Segment (none chosen)';
  return conditions
    .map((c, i) => {
      const text = `${c.negate ? 'Not in' : 'In'} segment ${nameOf(c.segment_id) ?? `#${c.segment_id}`}`;
      return i === 0 ? text : text.charAt(0).toLowerCase() + text.slice(1);
    })
    .join(' and ');
}

/** One line a person can read for a trigger condition group. */
export function summarizeTrigger(group: TriggerCondition, segmentName?: SegmentNameOf): string {
  switch (group.trigger_type) {
    case 'url':
      return summarizeUrl(group.conditions);
    case 'customer_condition':
      return summarizeCustomer(group.conditions);
    case 'event':
      return summarizeEvent(group.conditions);
    case 'segment':
      return summarizeSegment(group.conditions, segmentName);
  }
}
