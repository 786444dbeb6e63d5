import type { ConditionType, ConditionValue } from '@/lib/conditions';
import { isCompleteRow, type CompleteRow, type ConditionRow } from '@/lib/condition-rows';
import { GENERATED_ID_PREFIX } from '@/lib/constants';
import type { CustomerCondition } from '@/lib/contracts/flows';
import { keptCustomerConditions } from '@/lib/flows/checks';

// The condition-row model (choosing an attribute, a condition type, the empty value, the complete
// rows) is the one of lib/condition-rows.ts, shared with the profile list's filter: the dialogs
// import it from there. This file adds what only the tour dialogs need.

/** One attribute condition row while a dialog edits it (customer or event attribute condition). */
export type ConditionDraftRow = ConditionRow;

/** A row whose attribute is chosen, so its condition type is known. */
export type CompleteDraftRow = CompleteRow;

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

const isComplete = (r: ConditionDraftRow): r is CompleteDraftRow => isCompleteRow(r, (x) => x.key);

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
