import { describe, expect, it } from 'vitest';
import {
  completeRows,
  emptyValueFor,
  filterOperatorsFor,
  selectAttribute,
  selectConditionType,
  type ConditionRow,
  type ConditionRowState,
} from './condition-rows';

const row = (patch: Partial<ConditionRow> = {}): ConditionRow => ({
  id: 'r1',
  key: 'plan',
  condition_type: 'contain',
  value: 'pro',
  ...patch,
});

/** A row of the profile filter's kind: the attribute in its own fields. */
interface FilterLikeRow extends ConditionRowState {
  id: string;
  customer_key: string;
  data_type: 'string' | 'number' | 'date' | null;
}

describe('selectAttribute: the one place of docs/product/entities.md#condition-editing', () => {
  it('names the attribute, resets the condition type to its data type’s first, empties the value', () => {
    expect(selectAttribute(row(), 'signup', 'date')).toEqual({
      id: 'r1',
      key: 'signup',
      condition_type: 'before',
      value: '',
    });
  });

  it('resets even when the same attribute is chosen again, and a range value empties too', () => {
    const ranged = row({ key: 'signup', condition_type: 'range', value: { from: 'a', to: 'b' } });
    expect(selectAttribute(ranged, 'signup', 'date')).toMatchObject({
      condition_type: 'before',
      value: '',
    });
  });

  it('reads the condition types of the editor it serves (the profile filter’s operators)', () => {
    const filterRow: FilterLikeRow = {
      id: 'b_1',
      customer_key: 'country',
      data_type: 'string',
      condition_type: 'ends_with',
      value: 'DE',
    };
    expect(
      selectAttribute(
        filterRow,
        { customer_key: 'signup', data_type: 'date' },
        'date',
        filterOperatorsFor,
      ),
    ).toEqual({
      id: 'b_1',
      customer_key: 'signup',
      data_type: 'date',
      condition_type: 'before',
      value: '',
    });
    // The editor's number types start at '=', as the filter's do; a list offers only 'contain'.
    expect(selectAttribute(row(), 'seats', 'number').condition_type).toBe('=');
    expect(selectAttribute(row(), 'tags', 'list', filterOperatorsFor).condition_type).toBe(
      'contain',
    );
  });
});

describe('selectConditionType', () => {
  it('empties the value, to a blank from–to pair for range kinds', () => {
    expect(selectConditionType(row(), 'ends_with')).toEqual({
      ...row(),
      condition_type: 'ends_with',
      value: '',
    });
    expect(selectConditionType(row({ value: 5 }), 'between').value).toEqual({ from: '', to: '' });
    expect(emptyValueFor('range')).toEqual({ from: '', to: '' });
    expect(emptyValueFor(null)).toBe('');
  });
});

describe('completeRows (docs/product/validation.md#55-saving-customer-conditions)', () => {
  it('keeps the rows that name an attribute, by `key` or through keyOf', () => {
    const rows = [row(), row({ id: 'r2', key: '' }), row({ id: 'r3', condition_type: null })];
    expect(completeRows(rows).map((r) => r.id)).toEqual(['r1']);
    const filterRows: FilterLikeRow[] = [
      { id: 'b_1', customer_key: '', data_type: null, condition_type: null, value: '' },
      { id: 'b_2', customer_key: 'vip', data_type: 'string', condition_type: 'empty', value: '' },
    ];
    expect(completeRows(filterRows, (r) => r.customer_key).map((r) => r.id)).toEqual(['b_2']);
  });
});
