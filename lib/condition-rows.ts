/**
 * The condition-row model: one attribute condition while an editor edits it, in the flow
 * editor's condition dialogs and the profile list's filter alike. Pure; each editor keeps its own
 * row fields (how it names the attribute, its id) and lets these functions change the rest.
 *
 * docs/product/entities.md#condition-editing: choosing an attribute resets the condition type to
 * the first one of its data type and empties the value (`selectAttribute`, the one place that rule
 * lives); changing the condition type empties the value (`selectConditionType`).
 */
import {
  CONDITION_TYPES,
  FILTER_OPERATORS,
  type ConditionType,
  type ConditionValue,
  type DataType,
} from './conditions';

/** What the model reads and writes of a row; `condition_type` is null until an attribute is chosen. */
export interface ConditionRowState {
  condition_type: ConditionType | null;
  value: ConditionValue;
}

/** A row that names its attribute in `key` (the flow editor's dialogs). */
export interface ConditionRow extends ConditionRowState {
  id: string;
  /** customer_key (attribute/metadata field) or attribute_key (event attribute code); '' = none. */
  key: string;
}

/** A row whose attribute is chosen, so its condition type is known. */
export type CompleteRow<R extends ConditionRowState = ConditionRow> = R & {
  condition_type: ConditionType;
};

/** The condition types an editor offers per data type; the first is the default. */
export type ConditionTypesOf = (dataType: DataType) => readonly ConditionType[];

/** The flow editor's (docs/product/constants.md#condition-types-per-data-type). */
export const conditionTypesFor: ConditionTypesOf = (dataType) => CONDITION_TYPES[dataType];

/** The profile list filter's (docs/product/entities.md#filter-operators-timeframes-and-granularities). */
export const filterOperatorsFor: ConditionTypesOf = (dataType) => FILTER_OPERATORS[dataType];

/** The empty value of a condition type: a blank from–to pair for range kinds, '' otherwise. */
export const emptyValueFor = (conditionType: ConditionType | null): '' | { from: ''; to: '' } =>
  conditionType === 'range' || conditionType === 'between' ? { from: '', to: '' } : '';

/** Changing the condition type empties the value (docs/product/entities.md#condition-editing). */
export function selectConditionType<R extends ConditionRowState>(
  row: R,
  conditionType: ConditionType,
): R {
  return { ...row, condition_type: conditionType, value: emptyValueFor(conditionType) };
}

/**
 * Choosing an attribute: the row names it (`key`, or the row's own fields), its condition type
 * resets to the first that `typesFor` offers for the attribute's data type, and its value empties
 * (docs/product/entities.md#condition-editing).
 */
export function selectAttribute<R extends ConditionRow>(
  row: R,
  key: string,
  dataType: DataType,
  typesFor?: ConditionTypesOf,
): R;
export function selectAttribute<R extends ConditionRowState>(
  row: R,
  attribute: Partial<R>,
  dataType: DataType,
  typesFor?: ConditionTypesOf,
): R;
export function selectAttribute<R extends ConditionRowState>(
  row: R,
  attribute: string | Partial<R>,
  dataType: DataType,
  typesFor: ConditionTypesOf = conditionTypesFor,
): R {
  const named = typeof attribute === 'string' ? { key: attribute } : attribute;
  const [first] = typesFor(dataType);
  return selectConditionType({ ...row, ...named }, first as ConditionType);
}

/** Whether a row names an attribute (read through `keyOf`) and so has a condition type. */
export const isCompleteRow = <R extends ConditionRowState>(
  row: R,
  keyOf: (row: R) => string,
): row is CompleteRow<R> => keyOf(row) !== '' && row.condition_type !== null;

const keyField = (row: ConditionRowState) => (row as Partial<ConditionRow>).key ?? '';

/**
 * The rows that name an attribute: the only ones validated, saved or sent
 * (docs/product/validation.md#55-saving-customer-conditions). `keyOf` reads the attribute of rows
 * that do not keep it in `key`.
 */
export function completeRows<R extends ConditionRow>(rows: readonly R[]): CompleteRow<R>[];
export function completeRows<R extends ConditionRowState>(
  rows: readonly R[],
  keyOf: (row: R) => string,
): CompleteRow<R>[];
export function completeRows<R extends ConditionRowState>(
  rows: readonly R[],
  keyOf: (row: R) => string = keyField,
): CompleteRow<R>[] {
  return rows.filter((row) => isCompleteRow(row, keyOf));
}
