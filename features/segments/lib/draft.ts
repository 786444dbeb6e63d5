import { GENERATED_ID_PREFIX } from '@/lib/constants';
import type { z } from 'zod';
import type {
  SegmentDefinitionInput,
  SegmentOperator,
  segmentLeafConditionSchema,
} from '@/lib/contracts/segments';

/** A customer, event or segment condition as the builder holds it (the contract's input). */
export type LeafCondition = z.input<typeof segmentLeafConditionSchema>;

// The builder's working copy of a definition (docs/segments.md, "Screens"): every condition
// carries a key that lives as long as its row, so removing one row leaves its siblings' editors
// (and their state) where they are. Keys never reach the wire.

/** A condition that may sit inside a group, with its row's key. */
export interface DraftLeaf {
  key: string;
  condition: LeafCondition;
}

/** One level of nesting: its own operator and conditions. */
export interface DraftGroup {
  key: string;
  group: { operator: SegmentOperator; items: DraftLeaf[] };
}

export type DraftItem = DraftLeaf | DraftGroup;

export interface SegmentDraft {
  operator: SegmentOperator;
  items: DraftItem[];
}

let lastKey = 0;
/** A fresh row key (React keys only; never saved). */
export const newKey = (): string => `${GENERATED_ID_PREFIX}seg_${(lastKey += 1)}`;

export const isGroup = (item: DraftItem): item is DraftGroup => 'group' in item;

export const leaf = (condition: LeafCondition): DraftLeaf => ({ key: newKey(), condition });

/** A new definition: AND, no condition yet. */
export const emptyDraft = (): SegmentDraft => ({ operator: 'AND', items: [] });

/** The draft of a saved definition. */
export function toDraft(definition: SegmentDefinitionInput): SegmentDraft {
  return {
    operator: definition.operator,
    items: definition.conditions.map((c) =>
      c.type === 'group'
        ? { key: newKey(), group: { operator: c.operator, items: c.conditions.map(leaf) } }
        : leaf(c),
    ),
  };
}

/** The definition a draft stands for, as the API takes it. */
export function fromDraft(draft: SegmentDraft): SegmentDefinitionInput {
  return {
    operator: draft.operator,
    conditions: draft.items.map((item) =>
      isGroup(item)
        ? {
            type: 'group' as const,
            operator: item.group.operator,
            conditions: item.group.items.map((i) => i.condition),
          }
        : item.condition,
    ),
  };
}

/** Where a row sits: its index at the top level, and inside a group its index there. */
export interface RowPlace {
  index: number;
  inner?: number;
}

/** The rows that stand for `place` replaced by `next` (none removes the row). */
export function replaceAt(draft: SegmentDraft, place: RowPlace, next: DraftItem[]): SegmentDraft {
  const { index, inner } = place;
  if (inner === undefined)
    return { ...draft, items: draft.items.flatMap((item, i) => (i === index ? next : [item])) };
  return {
    ...draft,
    items: draft.items.map((item, i) => {
      if (i !== index || !isGroup(item)) return item;
      const leaves = next.filter((n): n is DraftLeaf => !isGroup(n));
      return {
        ...item,
        group: {
          ...item.group,
          items: item.group.items.flatMap((l, j) => (j === inner ? leaves : [l])),
        },
      };
    }),
  };
}

export const removeAt = (draft: SegmentDraft, place: RowPlace) => replaceAt(draft, place, []);

/** Appends rows at the top level, or inside the group at `groupIndex`. */
export function append(draft: SegmentDraft, rows: DraftItem[], groupIndex?: number): SegmentDraft {
  if (groupIndex === undefined) return { ...draft, items: [...draft.items, ...rows] };
  return {
    ...draft,
    items: draft.items.map((item, i) =>
      i === groupIndex && isGroup(item)
        ? {
            ...item,
            group: {
              ...item.group,
              items: [...item.group.items, ...rows.filter((r): r is DraftLeaf => !isGroup(r))],
            },
          }
        : item,
    ),
  };
}

/** Sets the operator of the whole definition, or of the group at `groupIndex`. */
export function setOperator(
  draft: SegmentDraft,
  operator: SegmentOperator,
  groupIndex?: number,
): SegmentDraft {
  if (groupIndex === undefined) return { ...draft, operator };
  return {
    ...draft,
    items: draft.items.map((item, i) =>
      i === groupIndex && isGroup(item) ? { ...item, group: { ...item.group, operator } } : item,
    ),
  };
}

/** A new, empty group joined by OR (the usual reason for a group: `A AND (B OR C)`). */
export const newGroup = (): DraftGroup => ({ key: newKey(), group: { operator: 'OR', items: [] } });

/** The path the checks give a row (`definition.conditions.2.conditions.0`). */
export const placePath = (place: RowPlace, base = 'definition'): string =>
  place.inner === undefined
    ? `${base}.conditions.${place.index}`
    : `${base}.conditions.${place.index}.conditions.${place.inner}`;

/**
 * The first problem whose path is the row's own or under it: a group's own problem ("needs at
 * least one condition") is at `….conditions`, under the group.
 */
export function problemAt(
  problems: readonly { path: string; message: string }[],
  path: string,
): string | undefined {
  return problems.find((p) => p.path === path || p.path.startsWith(`${path}.`))?.message;
}
