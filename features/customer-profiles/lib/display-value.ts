import type { DataType } from '@/lib/conditions';
import { formatCount, formatDate, NOT_AVAILABLE } from '@/lib/format';

export const isEmptyValue = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** How an attribute value reads on screen, by its data type; N/A when empty. */
export function displayValue(value: unknown, dataType?: DataType): string {
  if (isEmptyValue(value)) return NOT_AVAILABLE;
  if (dataType === 'date') {
    const formatted = formatDate(value);
    return formatted === NOT_AVAILABLE ? String(value) : formatted;
  }
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return formatCount(value);
  if (Array.isArray(value)) return value.map((v) => displayValue(v)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
