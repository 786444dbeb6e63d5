import type { DataType } from '@/lib/conditions';
import type { AttributeOptionGroup } from '@/lib/contracts/customer-profiles';
import type { TrackedEvent } from '@/lib/contracts/events';
import type { BreakdownSource, PropertyType } from '@/lib/contracts/reports';

/** What a breakdown or filter field offers: an event property or a customer attribute. */
export interface PropertyOption {
  key: string;
  label: string;
  source: BreakdownSource;
  dataType: DataType;
}

/** A titled group of the picker: the event's properties, then the attribute groups. */
export interface PropertyGroup {
  title: string;
  options: PropertyOption[];
}

export const EVENT_PROPERTIES_TITLE = 'Event properties';

/** The type of one property value; null says nothing (null, absent). */
function dataTypeOf(value: unknown): DataType | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? 'number' : 'string';
  if (typeof value === 'boolean') return 'boolean';
  if (Array.isArray(value)) return 'list';
  return 'string';
}

/**
 * The properties seen on `events`, in the order they first appear, each with the type all its
 * values share (values of different types make it text).
 */
export function seenProperties(events: readonly TrackedEvent[]): PropertyOption[] {
  const types = new Map<string, DataType | null>();
  for (const e of events)
    for (const [key, value] of Object.entries(e.properties ?? {})) {
      const type = dataTypeOf(value);
      if (!types.has(key)) types.set(key, type);
      else {
        const known = types.get(key) ?? null;
        if (type !== null && known !== type) types.set(key, known === null ? type : 'string');
      }
    }
  return [...types].map(([key, type]) => ({
    key,
    label: key,
    source: 'event' as const,
    dataType: type ?? 'string',
  }));
}

/**
 * The picker's groups: the event properties seen, then the customer attributes as the attribute
 * options answer them (ATTRIBUTE: built-in and custom, read as `profile`; METADATA, read as
 * `metadata`), the flow editor's grouping.
 */
export function propertyGroups(
  seen: readonly PropertyOption[],
  attributes: readonly AttributeOptionGroup[],
): PropertyGroup[] {
  return [
    { title: EVENT_PROPERTIES_TITLE, options: [...seen] },
    ...attributes.map((g) => ({
      title: g.group,
      options: g.options.map((o) => ({
        key: o.value,
        label: o.label,
        source: g.group === 'METADATA' ? ('metadata' as const) : ('profile' as const),
        dataType: o.data_type,
      })),
    })),
  ].filter((g) => g.options.length > 0);
}

/** The option named `key`, of `source` first; undefined when nothing is called so. */
export function findProperty(
  groups: readonly PropertyGroup[],
  key: string,
  source: BreakdownSource = 'event',
): PropertyOption | undefined {
  const all = groups.flatMap((g) => g.options).filter((o) => o.key === key);
  return all.find((o) => o.source === source) ?? all[0];
}

/** How a report filter compares an attribute of `dataType`: dates and lists as text. */
export const filterTypeOf = (dataType: DataType): PropertyType =>
  dataType === 'number' ? 'number' : dataType === 'boolean' ? 'boolean' : 'string';
