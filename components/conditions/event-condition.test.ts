import { describe, expect, it } from 'vitest';
import type { EventCondition } from '@/lib/contracts/flows';
import {
  changeEvent,
  defaultFrequency,
  defaultTimeframe,
  emptyEventDraft,
  eventDraftProblems,
  frequencyFor,
  fromEventDraft,
  timeframeFor,
  timeframeHasUnit,
  toEventDraft,
} from './event-condition';

const saved: EventCondition = {
  event_id: 7,
  event_code: 'checkout',
  frequency: { condition_type: 'exactly', value: 2 },
  timeframe: { condition_type: 'more_than', value: 3, unit: 'weeks' },
  attribute_conditions: [{ attribute_key: 'amount', condition_type: '>', value: 10 }],
  attribute_condition_operator: 'OR',
};

describe('frequency (docs/product/entities.md#frequency-and-time-range-defaults)', () => {
  it('defaults to at least 1', () => {
    expect(defaultFrequency()).toEqual({ condition_type: 'at_least', value: 1 });
  });

  it('sets from 1 to 5 when between is chosen', () => {
    expect(frequencyFor('between')).toEqual({
      condition_type: 'between',
      value: { from: 1, to: 5 },
    });
  });

  it('sets 1 for the other types', () => {
    expect(frequencyFor('at_most')).toEqual({ condition_type: 'at_most', value: 1 });
    expect(frequencyFor('exactly')).toEqual({ condition_type: 'exactly', value: 1 });
  });
});

describe('time range (docs/product/entities.md#frequency-and-time-range-defaults)', () => {
  it('defaults to in the last 1 days', () => {
    expect(defaultTimeframe()).toEqual({ condition_type: 'in_the_last', value: 1, unit: 'days' });
  });

  it('starts between at 1 to 5', () => {
    expect(timeframeFor('between')).toEqual({
      condition_type: 'between',
      value: { from: 1, to: 5 },
      unit: 'days',
    });
  });

  it('starts in the last and more than at 1, keeping a chosen unit', () => {
    expect(timeframeFor('in_the_last')).toEqual({
      condition_type: 'in_the_last',
      value: 1,
      unit: 'days',
    });
    expect(timeframeFor('more_than', 'hours')).toEqual({
      condition_type: 'more_than',
      value: 1,
      unit: 'hours',
    });
  });

  it('starts date range with empty from and to', () => {
    expect(timeframeFor('date_range', 'days')).toEqual({
      condition_type: 'date_range',
      value: { from: '', to: '' },
      unit: null,
    });
  });

  it('gives anytime no value and no unit', () => {
    expect(timeframeFor('anytime', 'days')).toEqual({
      condition_type: 'anytime',
      value: null,
      unit: null,
    });
    expect(timeframeHasUnit('anytime')).toBe(false);
    expect(timeframeHasUnit('between')).toBe(true);
  });
});

describe('the draft', () => {
  it('starts with no event, the defaults and AND', () => {
    expect(emptyEventDraft()).toEqual({
      event_id: null,
      event_code: null,
      frequency: { condition_type: 'at_least', value: 1 },
      timeframe: { condition_type: 'in_the_last', value: 1, unit: 'days' },
      attribute_conditions: [],
      attribute_condition_operator: 'AND',
    });
    expect(toEventDraft(null)).toEqual(emptyEventDraft());
  });

  it('round-trips a saved condition and leaves rows without an attribute out', () => {
    const draft = toEventDraft(saved);
    draft.attribute_conditions.push({ id: 'x', key: '', condition_type: null, value: '' });
    expect(fromEventDraft(draft)).toEqual(saved);
  });
});

describe('eventDraftProblems (docs/product/validation.md#57-event-condition-form)', () => {
  it('numbers attribute problems as the dialog shows the rows, blank rows included', () => {
    const draft = toEventDraft(saved);
    const blank = { id: 'blank', key: '', condition_type: null, value: '' };
    const bad = { id: 'bad', key: 'amount', condition_type: '>' as const, value: 'x' };
    expect(
      eventDraftProblems({
        ...draft,
        attribute_conditions: [blank, draft.attribute_conditions[0]!, bad],
      }),
    ).toEqual(['Condition 3: Value must be a valid number.']);
  });

  it('finds nothing in a complete draft', () =>
    expect(eventDraftProblems(toEventDraft(saved))).toEqual([]));
});

describe('changeEvent (docs/product/entities.md#event-dialog)', () => {
  const original = toEventDraft(saved);

  it('sets the event id and code and clears the attribute conditions', () => {
    const next = changeEvent(original, { id: 8, code: 'signup' }, original);
    expect(next.event_id).toBe(8);
    expect(next.event_code).toBe('signup');
    expect(next.attribute_conditions).toEqual([]);
  });

  it('restores the saved attribute conditions when the saved event is chosen again', () => {
    const other = changeEvent(original, { id: 8, code: 'signup' }, original);
    const back = changeEvent(
      { ...other, attribute_condition_operator: 'AND' },
      { id: 7, code: 'checkout' },
      original,
    );
    expect(back.attribute_conditions).toEqual(original.attribute_conditions);
    expect(back.attribute_condition_operator).toBe('OR');
  });

  it('clears them for any event when nothing was saved', () => {
    const draft = {
      ...emptyEventDraft(),
      event_id: 3,
      event_code: 'a',
      attribute_conditions: original.attribute_conditions,
    };
    expect(changeEvent(draft, { id: 7, code: 'checkout' }, null).attribute_conditions).toEqual([]);
  });

  it('changes nothing when the current event is picked again', () => {
    const draft = changeEvent(original, { id: 8, code: 'signup' }, original);
    const withRow = {
      ...draft,
      attribute_conditions: [
        { id: 'r', key: 'plan', condition_type: 'exact' as const, value: 'x' },
      ],
    };
    expect(changeEvent(withRow, { id: 8, code: 'signup' }, original)).toBe(withRow);
  });
});
