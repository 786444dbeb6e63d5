import {
  isRange,
  VALUELESS_CONDITION_TYPES,
  type AttributeCondition,
  type ConditionType,
  type DataType,
  type RangeValue,
} from '@/lib/conditions';
import {
  completeRows,
  filterOperatorsFor,
  selectAttribute,
  selectConditionType,
} from '@/lib/condition-rows';
import { GENERATED_ID_PREFIX } from '@/lib/constants';

/** What a value input holds while editing: text (numbers too), True/False, or both ends of a range. */
export type DraftValue = string | number | boolean | RangeValue;

/** One row of the profile list's attribute filter, as the user edits it. */
export interface FilterRow {
  id: string;
  /** The attribute's field_name or the metadata custom_field_name; '' until one is chosen. */
  customer_key: string;
  data_type: DataType | null;
  condition_type: ConditionType | null;
  value: DraftValue;
}

export type ConditionOperator = 'AND' | 'OR';

export interface FilterState {
  rows: FilterRow[];
  operator: ConditionOperator;
  /** Source of row ids, so the reducer stays pure. */
  nextId: number;
}

export type FilterAction =
  | { type: 'add' }
  | { type: 'remove'; id: string }
  | { type: 'selectAttribute'; id: string; key: string; dataType: DataType }
  | { type: 'selectCondition'; id: string; conditionType: ConditionType }
  | { type: 'setValue'; id: string; value: DraftValue }
  | { type: 'setOperator'; operator: ConditionOperator }
  | { type: 'clear' };

export const initialFilterState: FilterState = { rows: [], operator: 'AND', nextId: 1 };

/**
 * Operators the list filter offers for a data type
 * (docs/product/entities.md#filter-operators-timeframes-and-granularities), the first being the
 * default.
 */
export const operatorsFor = filterOperatorsFor;

const needsValue = (type: ConditionType | null): boolean =>
  type !== null && !VALUELESS_CONDITION_TYPES.includes(type);

const updateRow = (state: FilterState, id: string, patch: (row: FilterRow) => FilterRow) => ({
  ...state,
  rows: state.rows.map((row) => (row.id === id ? patch(row) : row)),
});

/**
 * The filter builder's state machine (docs/product/entities.md#condition-editing), on the
 * condition-row model of lib/condition-rows.ts: choosing an attribute resets the condition type to
 * the first operator of its data type and empties the value; changing the condition type empties
 * the value.
 */
export function filterReducer(state: FilterState, action: FilterAction): FilterState {
  switch (action.type) {
    case 'add':
      return {
        ...state,
        nextId: state.nextId + 1,
        rows: [
          ...state.rows,
          {
            id: `${GENERATED_ID_PREFIX}${state.nextId}`,
            customer_key: '',
            data_type: null,
            condition_type: null,
            value: '',
          },
        ],
      };
    case 'remove':
      return { ...state, rows: state.rows.filter((row) => row.id !== action.id) };
    case 'selectAttribute':
      return updateRow(state, action.id, (row) =>
        selectAttribute(
          row,
          { customer_key: action.key, data_type: action.dataType },
          action.dataType,
          operatorsFor,
        ),
      );
    case 'selectCondition':
      return updateRow(state, action.id, (row) => selectConditionType(row, action.conditionType));
    case 'setValue':
      return updateRow(state, action.id, (row) => ({ ...row, value: action.value }));
    case 'setOperator':
      return { ...state, operator: action.operator };
    case 'clear':
      return { ...initialFilterState, nextId: state.nextId };
  }
}

const blank = (v: string | number) => String(v).trim() === '';

/** Typed wire value of one input; undefined when it cannot be sent. */
function typedValue(
  dataType: DataType,
  raw: string | number | boolean,
): AttributeCondition['value'] {
  if (typeof raw === 'boolean') return dataType === 'boolean' ? raw : undefined;
  const text = String(raw).trim();
  if (text === '') return undefined;
  if (dataType === 'number') {
    const n = Number(text);
    return Number.isFinite(n) ? n : undefined;
  }
  if (dataType === 'boolean') return text === 'true' ? true : text === 'false' ? false : undefined;
  return text;
}

/**
 * The rows worth sending (docs/product/validation.md#55-saving-customer-conditions): a row is kept
 * when its attribute is chosen and its value is filled in (both ends of a range), or its condition
 * type needs no value.
 */
export function toAttributeConditions(rows: readonly FilterRow[]): AttributeCondition[] {
  const out: AttributeCondition[] = [];
  for (const row of completeRows(rows, (r) => r.customer_key)) {
    if (!row.data_type) continue;
    const base = { customer_key: row.customer_key, condition_type: row.condition_type };
    if (!needsValue(row.condition_type)) {
      out.push(base);
      continue;
    }
    if (isRange(row.value)) {
      if (blank(row.value.from) || blank(row.value.to)) continue;
      const from = typedValue(row.data_type, String(row.value.from));
      const to = typedValue(row.data_type, String(row.value.to));
      if (typeof from !== 'string' && typeof from !== 'number') continue;
      if (typeof to !== 'string' && typeof to !== 'number') continue;
      out.push({ ...base, value: { from, to } });
      continue;
    }
    const value = typedValue(row.data_type, row.value);
    if (value !== undefined) out.push({ ...base, value });
  }
  return out;
}

/** The API accepts at most this many conditions (listProfilesQuery). */
export const MAX_FILTER_CONDITIONS = 20;
