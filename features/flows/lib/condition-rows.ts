import {
  CONDITION_TYPES,
  type ConditionType,
  type ConditionValue,
  type DataType,
} from '@/lib/conditions';
import { GENERATED_ID_PREFIX } from '@/lib/constants';
import type { CustomerCondition } from '@/lib/contracts/flows';
import { keptCustomerConditions } from '@/lib/flows/checks';

/** One attribute condition row while a dialog edits it (customer or event attribute condition). */
export interface ConditionDraftRow {
  id: string;
  /** customer_key (attribute/metadata field) or attribute_key (event attribute code); '' = none. */
  key: string;
  /** null until an attribute is chosen. */
  condition_type: ConditionType | null;
  value: ConditionValue;
}

/** A row whose attribute is chosen, so its condition type is known. */
export type CompleteDraftRow = ConditionDraftRow & { condition_type: ConditionType };

/** The empty value of a condition type: a blank from–to pair for range kinds, '' otherwise. */
export const emptyValueFor = (conditionType: ConditionType | null): ConditionValue =>
  conditionType === 'range' || conditionType === 'between' ? { from: '', to: '' } : '';

/**
 * Condition types offered for a data type; the first is the default
 * (docs/product/constants.md#condition-types-per-data-type).
 */
export const conditionTypesFor = (dataType: DataType): readonly ConditionType[] =>
  CONDITION_TYPES[dataType];

/**
 * Choosing an attribute resets the condition type to its data type's first and empties the value
 * (docs/product/entities.md#condition-editing).
 */
export function selectAttribute(
  row: ConditionDraftRow,
  key: string,
  dataType: DataType,
): ConditionDraftRow {
  const conditionType = conditionTypesFor(dataType)[0];
  return { ...row, key, condition_type: conditionType, value: emptyValueFor(conditionType) };
}

/** Changing the condition type empties the value (docs/product/entities.md#condition-editing). */
export function selectConditionType(
  row: ConditionDraftRow,
  conditionType: ConditionType,
): ConditionDraftRow {
  return { ...row, condition_type: conditionType, value: emptyValueFor(conditionType) };
}

let lastRowId = 0;
/** A fresh row id (React keys only; never saved). */
export const newRowId = (): string => `${GENERATED_ID_PREFIX}row_${(lastRowId += 1)}`;

/** A blank row: no attribute, no condition type, no value. */
export const blankRow = (): ConditionDraftRow => ({
  id: newRowId(),
  key: '',
  condition_type: null,
  value: '',
});

/** Rows from saved conditions, whichever field holds their key. */
export function rowsFrom<T extends { condition_type: ConditionType; value?: ConditionValue }>(
  conditions: readonly T[],
  keyOf: (condition: T) => string,
): ConditionDraftRow[] {
  return conditions.map((c) => ({
    id: newRowId(),
    key: keyOf(c),
    condition_type: c.condition_type,
    value: c.value ?? '',
  }));
}

const isComplete = (r: ConditionDraftRow): r is CompleteDraftRow =>
  r.key !== '' && r.condition_type !== null;

/**
 * The rows that name an attribute: the only ones validated and saved
 * (docs/product/validation.md#55-saving-customer-conditions).
 */
export const completeRows = (rows: readonly ConditionDraftRow[]): CompleteDraftRow[] =>
  rows.filter(isComplete);

/**
 * The 1-based place, among all rows, of each row `completeRows` keeps: errors say "Condition N"
 * with the number the dialog shows next to the row, blank rows before it included.
 */
export const completeRowNumbers = (rows: readonly ConditionDraftRow[]): number[] =>
  rows.flatMap((r, i) => (isComplete(r) ? [i + 1] : []));

/** The customer conditions a save keeps, each with the row it came from. */
export interface KeptCustomerRow {
  condition: CustomerCondition;
  /** The 1-based place of its row among all rows, as the dialog shows it. */
  number: number;
  row: CompleteDraftRow;
}

/**
 * The rows of the Attribute & Metadata dialog a save keeps: a key and a value (or a type that needs
 * none); every other row is dropped silently
 * (docs/product/validation.md#55-saving-customer-conditions).
 */
export function keptCustomerRows(rows: readonly ConditionDraftRow[]): KeptCustomerRow[] {
  return rows.flatMap((row, i) => {
    if (!isComplete(row)) return [];
    const condition: CustomerCondition = {
      customer_key: row.key,
      condition_type: row.condition_type,
      value: row.value,
    };
    return keptCustomerConditions([condition]).length ? [{ condition, number: i + 1, row }] : [];
  });
}
