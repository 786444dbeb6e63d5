import { describe, expect, it } from 'vitest';
import {
  blankRow,
  completeRowNumbers,
  keptCustomerRows,
  rowsFrom,
  type ConditionDraftRow,
} from './condition-rows';

const row = (patch: Partial<ConditionDraftRow> = {}): ConditionDraftRow => ({
  id: 'r1',
  key: 'plan',
  condition_type: 'contain',
  value: 'pro',
  ...patch,
});

describe('rows', () => {
  it('reads saved conditions through the given key field', () => {
    const rows = rowsFrom(
      [{ attribute_key: 'amount', condition_type: '>' as const, value: 5 }],
      (c) => c.attribute_key,
    );
    expect(rows).toEqual([
      { id: expect.any(String), key: 'amount', condition_type: '>', value: 5 },
    ]);
  });

  it('numbers the kept rows by their place among all rows', () => {
    expect(
      completeRowNumbers([blankRow(), row({ id: 'a' }), blankRow(), row({ id: 'b' })]),
    ).toEqual([2, 4]);
  });

  it('gives every new row its own id', () => {
    expect(blankRow().id).not.toBe(blankRow().id);
  });
});

describe('keptCustomerRows (docs/product/validation.md#55-saving-customer-conditions)', () => {
  it('keeps rows with a key and a value, or a type without one, numbered as shown', () => {
    const rows = [
      row({ id: 'a', key: '', condition_type: null, value: '' }),
      row({ id: 'b', key: 'age', condition_type: '=', value: '' }),
      row({ id: 'c', key: 'plan', condition_type: 'contain', value: '  ' }),
      row({ id: 'd', key: 'email', condition_type: 'not_empty', value: '' }),
      row({
        id: 'e',
        key: 'renewal',
        condition_type: 'range',
        value: { from: '2026-01-01', to: '' },
      }),
      row({ id: 'f', key: 'vip', condition_type: '=', value: false }),
    ];
    expect(keptCustomerRows(rows).map((k) => [k.number, k.condition])).toEqual([
      [3, { customer_key: 'plan', condition_type: 'contain', value: '  ' }],
      [4, { customer_key: 'email', condition_type: 'not_empty', value: '' }],
      [6, { customer_key: 'vip', condition_type: '=', value: false }],
    ]);
  });
});
