import type {
  EventCondition,
  FREQUENCY_TYPES,
  TIMEFRAME_TYPES,
  TIME_UNITS,
} from '@/lib/contracts/flows';
import { eventConditionProblems } from '@/lib/flows/checks';
import { completeRows } from '@/lib/condition-rows';
import { completeRowNumbers, rowsFrom, type ConditionDraftRow } from './condition-rows';

/** Frequency ("Happen frequency") of an event condition. */
export type Frequency = EventCondition['frequency'];
/** Time range of an event condition. */
export type Timeframe = EventCondition['timeframe'];
export type FrequencyType = (typeof FREQUENCY_TYPES)[number];
export type TimeframeType = (typeof TIMEFRAME_TYPES)[number];
export type TimeUnit = (typeof TIME_UNITS)[number];

/** The event dialog's working copy: attribute conditions are rows that may still be incomplete. */
export type EventDraft = Omit<EventCondition, 'attribute_conditions'> & {
  attribute_conditions: ConditionDraftRow[];
};

/** The event a user picks: its id and code are what the condition stores. */
export interface ChosenEvent {
  id: number;
  code: string;
}

const DEFAULT_UNIT: TimeUnit = 'days';

/**
 * Frequency defaults to at least 1 (docs/product/entities.md#frequency-and-time-range-defaults).
 */
export const defaultFrequency = (): Frequency => ({ condition_type: 'at_least', value: 1 });

/**
 * Choosing between sets from 1 to 5; the other types set 1
 * (docs/product/entities.md#frequency-and-time-range-defaults).
 */
export const frequencyFor = (type: FrequencyType): Frequency =>
  type === 'between'
    ? { condition_type: 'between', value: { from: 1, to: 5 } }
    : { condition_type: type, value: 1 };

/**
 * Time range defaults to in the last 1 day
 * (docs/product/entities.md#frequency-and-time-range-defaults).
 */
export const defaultTimeframe = (): Timeframe => ({
  condition_type: 'in_the_last',
  value: 1,
  unit: DEFAULT_UNIT,
});

/**
 * Between starts at 1 to 5, in the last and more than at 1, date range with empty from and to,
 * anytime with no value and no unit (docs/product/entities.md#frequency-and-time-range-defaults). A
 * unit already chosen is kept where one applies.
 */
export function timeframeFor(type: TimeframeType, unit?: TimeUnit | null): Timeframe {
  const keptUnit = unit ?? DEFAULT_UNIT;
  switch (type) {
    case 'between':
      return { condition_type: type, value: { from: 1, to: 5 }, unit: keptUnit };
    case 'date_range':
      return { condition_type: type, value: { from: '', to: '' }, unit: null };
    case 'anytime':
      return { condition_type: type, value: null, unit: null };
    default:
      return { condition_type: type, value: 1, unit: keptUnit };
  }
}

/** Whether a time range type takes a unit (in the last, more than, between). */
export const timeframeHasUnit = (type: TimeframeType): boolean =>
  type === 'in_the_last' || type === 'more_than' || type === 'between';

/** A new event condition: no event, default frequency and time range, attribute operator AND. */
export const emptyEventDraft = (): EventDraft => ({
  event_id: null,
  event_code: null,
  frequency: defaultFrequency(),
  timeframe: defaultTimeframe(),
  attribute_conditions: [],
  attribute_condition_operator: 'AND',
});

/** The working copy of a saved condition, or a new one. */
export function toEventDraft(saved: EventCondition | null): EventDraft {
  if (!saved) return emptyEventDraft();
  return {
    ...saved,
    attribute_condition_operator: saved.attribute_condition_operator ?? 'AND',
    attribute_conditions: rowsFrom(saved.attribute_conditions, (c) => c.attribute_key),
  };
}

/**
 * Changing the event clears its attribute conditions, unless it is the originally saved event,
 * whose saved attribute conditions (and operator) come back
 * (docs/product/entities.md#event-dialog). Picking the current event again changes nothing.
 */
export function changeEvent(
  draft: EventDraft,
  event: ChosenEvent,
  saved: EventDraft | null,
): EventDraft {
  if (event.id === draft.event_id) return draft;
  const next = { ...draft, event_id: event.id, event_code: event.code };
  if (saved && saved.event_id === event.id)
    return {
      ...next,
      attribute_conditions: saved.attribute_conditions,
      attribute_condition_operator: saved.attribute_condition_operator,
    };
  return { ...next, attribute_conditions: [] };
}

/**
 * The checks of docs/product/validation.md#57-event-condition-form on what Apply would hand back,
 * attribute rows numbered as the dialog shows them (rows without an attribute are left out but
 * still count for the numbering).
 */
export const eventDraftProblems = (draft: EventDraft): string[] =>
  eventConditionProblems(fromEventDraft(draft), completeRowNumbers(draft.attribute_conditions));

/** What Apply hands back: rows without an attribute are left out. */
export function fromEventDraft(draft: EventDraft): EventCondition {
  return {
    ...draft,
    attribute_conditions: completeRows(draft.attribute_conditions).map((r) => ({
      attribute_key: r.key,
      condition_type: r.condition_type,
      value: r.value,
    })),
  };
}
