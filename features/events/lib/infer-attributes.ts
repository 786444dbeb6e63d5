import type { DataType } from '@/lib/conditions';
import { DATA_TYPES } from '@/lib/conditions';
import { TEXT_MAX_LENGTH } from '@/lib/constants';
import type { EventAttribute, TrackedEvent } from '@/lib/contracts/events';

/** Attributes a "Define" link carries at most (the form takes 100; a URL should stay short). */
export const DEFINE_MAX_ATTRIBUTES = 50;
/** And at most this many characters of attribute parameters in the link. */
export const DEFINE_MAX_QUERY_CHARS = 4000;

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

/** A property seen on events of one code, with the type its values agree on. */
export type InferredAttribute = Pick<EventAttribute, 'code' | 'data_type'>;

/**
 * The properties seen on `events`, in the order they first appear (newest event first), each
 * with the type all its values share; values of different types make it text. Keys a definition
 * cannot hold (longer than a field allows, or blank) are left out.
 */
export function inferAttributes(events: readonly TrackedEvent[]): InferredAttribute[] {
  const types = new Map<string, DataType | null>();
  for (const e of events)
    for (const [key, value] of Object.entries(e.properties)) {
      if (!key.trim() || key.length > TEXT_MAX_LENGTH) continue;
      const type = inferDataType(value);
      if (!types.has(key)) {
        types.set(key, type);
        continue;
      }
      const known = types.get(key) ?? null;
      if (type !== null && known !== type) types.set(key, known === null ? type : 'string');
    }
  return [...types].map(([code, type]) => ({ code, data_type: type ?? 'string' }));
}

/**
 * The query of Create Event prefilled with a code and its attributes: `code`, and one
 * `attr=type:key` per attribute, bounded in count and length (the rest are left to type in).
 */
export function defineQuery(code: string, attributes: readonly InferredAttribute[]) {
  const attr: string[] = [];
  let chars = 0;
  for (const a of attributes) {
    const value = `${a.data_type}:${a.code}`;
    if (attr.length >= DEFINE_MAX_ATTRIBUTES || chars + value.length > DEFINE_MAX_QUERY_CHARS)
      break;
    attr.push(value);
    chars += value.length;
  }
  return attr.length ? { code, attr } : { code };
}

const isDataType = (v: string): v is DataType => (DATA_TYPES as readonly string[]).includes(v);

/**
 * The attributes of a prefilled Create Event (`attr=type:key`, see `defineQuery`); malformed,
 * repeated or excess entries are dropped. The name starts as the code.
 */
export function attributesFromQuery(attr: string | string[] | undefined): EventAttribute[] {
  const list = attr === undefined ? [] : Array.isArray(attr) ? attr : [attr];
  const out: EventAttribute[] = [];
  const seen = new Set<string>();
  for (const entry of list) {
    if (out.length >= DEFINE_MAX_ATTRIBUTES) break;
    const at = entry.indexOf(':');
    if (at < 0) continue;
    const type = entry.slice(0, at);
    const code = entry.slice(at + 1);
    if (!isDataType(type) || !code.trim() || code.length > TEXT_MAX_LENGTH || seen.has(code))
      continue;
    seen.add(code);
    out.push({ code, name: code, data_type: type });
  }
  return out;
}
