import type { DataType } from '@/lib/conditions';
import type { AttributeOptionGroup } from '@/lib/contracts/customer-profiles';
import type { TrackedEvent } from '@/lib/contracts/events';
import { inferPropertyTypes } from '@/lib/property-types';
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

/** The properties seen on `events`, typed as lib/property-types.ts infers (dates as dates). */
export function seenProperties(events: readonly TrackedEvent[]): PropertyOption[] {
  return inferPropertyTypes(events).map(([key, dataType]) => ({
    key,
    label: key,
    source: 'event' as const,
    dataType,
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
