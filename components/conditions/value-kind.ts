import {
  VALUELESS_CONDITION_TYPES,
  type ConditionType,
  type ConditionValue,
  type DataType,
} from '@/lib/conditions';

/**
 * The input a condition row shows for its value (docs/product/validation.md#57-event-condition-form:
 * text, number, date, range, True/False); `none` for the types that take no value.
 */
export type ValueKind =
  'none' | 'text' | 'number' | 'days' | 'date' | 'date-range' | 'number-range' | 'boolean';

const NUMBER_TYPES: readonly ConditionType[] = ['=', '!=', '>', '>=', '<', '<='];

/**
 * Which value input a row needs. A row whose attribute vanished has no data type, so the kind is
 * guessed from the condition type and the saved value.
 */
export function valueKindFor(
  dataType: DataType | null,
  conditionType: ConditionType | null,
  value?: ConditionValue,
): ValueKind {
  if (conditionType === null || VALUELESS_CONDITION_TYPES.includes(conditionType)) return 'none';
  if (conditionType === 'less_than_x_days_ago' || conditionType === 'more_than_x_days_ago')
    return 'days';
  if (conditionType === 'range') return 'date-range';
  if (conditionType === 'between') return 'number-range';
  if (dataType === 'boolean' || (dataType === null && typeof value === 'boolean')) return 'boolean';
  if (dataType === 'number' || (dataType === null && NUMBER_TYPES.includes(conditionType)))
    return 'number';
  if (dataType === 'date' || conditionType === 'before' || conditionType === 'after') return 'date';
  return 'text';
}

/**
 * Number attribute values and days-ago values keep digits only
 * (docs/product/validation.md#51-forms-in-general).
 */
export const digitsOnly = (text: string): string => text.replace(/\D/g, '');

/** A digits-only text as the stored value: a number, or '' while blank. */
export function digitsValue(text: string): number | '' {
  const digits = digitsOnly(text);
  return digits === '' ? '' : Number(digits);
}
