import { format, isValid, parseISO } from 'date-fns';
import type { DataType } from '@/lib/conditions';

/** Empty display default (spec 9). */
export const NOT_AVAILABLE = 'N/A';

const DATE_FORMAT = 'dd-MM-yyyy';
const DATE_TIME_FORMAT = 'dd-MM-yyyy HH:mm:ss';

/** Numbers of 1000 or more show as thousands followed by K (spec 9): 1500 → 1.5K. */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return NOT_AVAILABLE;
  if (Math.abs(n) < 1000) return String(n);
  const thousands = Math.round((n / 1000) * 10) / 10;
  return `${thousands}K`;
}

function toDate(value: unknown): Date | null {
  if (value instanceof Date) return isValid(value) ? value : null;
  if (typeof value === 'number') return isValid(new Date(value)) ? new Date(value) : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const parsed = parseISO(value);
  return isValid(parsed) ? parsed : null;
}

/** dd-MM-yyyy (spec 9), or N/A when the value is not a date. */
export function formatDate(value: unknown): string {
  const date = toDate(value);
  return date ? format(date, DATE_FORMAT) : NOT_AVAILABLE;
}

/** dd-MM-yyyy HH:mm:ss in the viewer's time zone, or N/A. */
export function formatDateTime(value: unknown): string {
  const date = toDate(value);
  return date ? format(date, DATE_TIME_FORMAT) : NOT_AVAILABLE;
}

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
