import { describe, expect, it } from 'vitest';
import {
  filterReducer,
  initialFilterState,
  toAttributeConditions,
  type FilterRow,
  type FilterState,
} from './condition-filter';

const withRow = (): FilterState => filterReducer(initialFilterState, { type: 'add' });
const rowId = (state: FilterState, i = 0) => state.rows[i].id;

describe('filterReducer', () => {
  it('adds empty rows with b_ ids', () => {
    const state = filterReducer(withRow(), { type: 'add' });
    expect(state.rows.map((r) => r.id)).toEqual(['b_1', 'b_2']);
    expect(state.rows[0]).toMatchObject({
      customer_key: '',
      data_type: null,
      condition_type: null,
      value: '',
    });
  });

  it('choosing an attribute resets the condition type to the first of its type and empties the value', () => {
    let state = withRow();
    const id = rowId(state);
    state = filterReducer(state, {
      type: 'selectAttribute',
      id,
      key: 'country',
      dataType: 'string',
    });
    state = filterReducer(state, { type: 'selectCondition', id, conditionType: 'ends_with' });
    state = filterReducer(state, { type: 'setValue', id, value: 'DE' });
    state = filterReducer(state, { type: 'selectAttribute', id, key: 'seats', dataType: 'number' });
    expect(state.rows[0]).toMatchObject({
      customer_key: 'seats',
      data_type: 'number',
      condition_type: '=',
      value: '',
    });
    state = filterReducer(state, { type: 'selectAttribute', id, key: 'signup', dataType: 'date' });
    expect(state.rows[0].condition_type).toBe('before');
  });

  it('changing the condition type empties the value, to a blank range for range', () => {
    let state = withRow();
    const id = rowId(state);
    state = filterReducer(state, { type: 'selectAttribute', id, key: 'signup', dataType: 'date' });
    state = filterReducer(state, { type: 'setValue', id, value: '2026-01-01' });
    state = filterReducer(state, { type: 'selectCondition', id, conditionType: 'range' });
    expect(state.rows[0].value).toEqual({ from: '', to: '' });
    state = filterReducer(state, { type: 'setValue', id, value: { from: '2026-01-01', to: '' } });
    state = filterReducer(state, { type: 'selectCondition', id, conditionType: 'after' });
    expect(state.rows[0].value).toBe('');
  });

  it('touches only the addressed row, removes rows and clears to AND', () => {
    let state = filterReducer(withRow(), { type: 'add' });
    state = filterReducer(state, { type: 'setValue', id: 'b_2', value: 'x' });
    expect(state.rows[0].value).toBe('');
    state = filterReducer(state, { type: 'setOperator', operator: 'OR' });
    state = filterReducer(state, { type: 'remove', id: 'b_1' });
    expect(state.rows.map((r) => r.id)).toEqual(['b_2']);
    state = filterReducer(state, { type: 'clear' });
    expect(state.rows).toEqual([]);
    expect(state.operator).toBe('AND');
    // Ids keep counting so React keys never repeat.
    expect(filterReducer(state, { type: 'add' }).rows[0].id).toBe('b_3');
  });
});

const row = (partial: Partial<FilterRow>): FilterRow => ({
  id: 'b_1',
  customer_key: 'k',
  data_type: 'string',
  condition_type: 'exact',
  value: '',
  ...partial,
});

describe('toAttributeConditions', () => {
  it('keeps complete rows with typed values and drops incomplete ones (docs/product/validation.md#55-saving-customer-conditions)', () => {
    expect(
      toAttributeConditions([
        row({ customer_key: '' }),
        row({ value: '  ' }),
        row({ value: ' DE ' }),
        row({ condition_type: 'not_empty' }),
        row({ customer_key: 'seats', data_type: 'number', condition_type: '>=', value: '3' }),
        row({ customer_key: 'seats', data_type: 'number', condition_type: '>=', value: 'x' }),
        row({ customer_key: 'vip', data_type: 'boolean', condition_type: '=', value: 'false' }),
        row({
          customer_key: 'signup',
          data_type: 'date',
          condition_type: 'range',
          value: { from: '2026-01-01', to: '' },
        }),
        row({
          customer_key: 'signup',
          data_type: 'date',
          condition_type: 'range',
          value: { from: '2026-01-01', to: '2026-01-31' },
        }),
      ]),
    ).toEqual([
      { customer_key: 'k', condition_type: 'exact', value: 'DE' },
      { customer_key: 'k', condition_type: 'not_empty' },
      { customer_key: 'seats', condition_type: '>=', value: 3 },
      { customer_key: 'vip', condition_type: '=', value: false },
      {
        customer_key: 'signup',
        condition_type: 'range',
        value: { from: '2026-01-01', to: '2026-01-31' },
      },
    ]);
  });
});
