import type { DataType } from '@/lib/conditions';
import { DATA_TYPES } from '@/lib/conditions';
import { TEXT_MAX_LENGTH } from '@/lib/constants';
import type { EventAttribute, TrackedEvent } from '@/lib/contracts/events';
import { inferPropertyTypes } from '@/lib/property-types';

/** Attributes a "Define" link carries at most (the form takes 100; a URL should stay short). */
export const DEFINE_MAX_ATTRIBUTES = 50;
/** And at most this many characters of attribute parameters in the link. */
export const DEFINE_MAX_QUERY_CHARS = 4000;

/** A property seen on events of one code, with the type its values agree on. */
export type InferredAttribute = Pick<EventAttribute, 'code' | 'data_type'>;

/** The properties seen on `events` (newest event first), typed as lib/property-types.ts infers. */
export function inferAttributes(events: readonly TrackedEvent[]): InferredAttribute[] {
  return inferPropertyTypes(events).map(([code, data_type]) => ({ code, data_type }));
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
