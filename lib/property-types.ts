import type { DataType } from './conditions';
import { TEXT_MAX_LENGTH } from './constants';

/**
 * The types of event properties as seen in their values: one inference for every screen that
 * offers the properties of tracked events (Live events' "Define", the report builder's pickers).
 */

// A calendar date, optionally with a time: what the SDK's Date values become in JSON.
const ISO_DATE =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * The data type of one property value, as Create Event declares types: numbers, booleans, lists
 * (arrays), dates (ISO 8601 text), and text for the rest. Null says nothing.
 */
export function inferDataType(value: unknown): DataType | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? 'number' : 'string';
  if (typeof value === 'boolean') return 'boolean';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value)))
    return 'date';
  return 'string';
}

/**
 * The properties seen on `events`, in the order they first appear, each with the type all its
 * values share; values of different types make it text, a property only ever null is text.
 * Keys no definition or report can name (blank, or longer than a text field) are left out.
 */
export function inferPropertyTypes(
  events: readonly { properties?: Record<string, unknown> | null }[],
): [key: string, type: DataType][] {
  const types = new Map<string, DataType | null>();
  for (const e of events)
    for (const [key, value] of Object.entries(e.properties ?? {})) {
      if (!key.trim() || key.length > TEXT_MAX_LENGTH) continue;
      const type = inferDataType(value);
      if (!types.has(key)) {
        types.set(key, type);
        continue;
      }
      const known = types.get(key) ?? null;
      if (type !== null && known !== type) types.set(key, known === null ? type : 'string');
    }
  return [...types].map(([key, type]) => [key, type ?? 'string']);
}
