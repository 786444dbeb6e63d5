import { MAX_URL_CONDITIONS, URL_MATCH_TYPES, type UrlCondition } from '@/lib/contracts/flows';
import { freeMatchTypes } from '@/lib/flows/checks';

/** One of the URL dialog's two lists: "URLs matches" (includes) or "URLs excludes". */
export type UrlListKind = UrlCondition['type'];
/** A URL match type: exact, contains, starts with, ends with. */
export type UrlMatchType = UrlCondition['condition_type'];

/** A row being edited; the id keeps React keys stable while rows come and go. */
export interface UrlRow {
  id: string;
  condition_type: UrlMatchType;
  value: string;
}

/** The dialog's working copy: the two lists, in display order. */
export type UrlRows = Record<UrlListKind, UrlRow[]>;

/** The lists in the order the dialog shows them, with their headings. */
export const URL_LISTS: readonly { kind: UrlListKind; title: string }[] = [
  { kind: 'includes', title: 'URLs matches' },
  { kind: 'excludes', title: 'URLs excludes' },
];

export const EMPTY_URL_ROWS: UrlRows = { includes: [], excludes: [] };

/** Splits saved conditions into the two lists; `nextId` names each row. */
export function toUrlRows(
  conditions: readonly UrlCondition[] | null | undefined,
  nextId: () => string,
): UrlRows {
  const rows: UrlRows = { includes: [], excludes: [] };
  for (const c of conditions ?? [])
    rows[c.type].push({ id: nextId(), condition_type: c.condition_type, value: c.value });
  return rows;
}

/** Back to the stored shape: includes first, then excludes, values trimmed. */
export function fromUrlRows(rows: UrlRows): UrlCondition[] {
  return URL_LISTS.flatMap(({ kind }) =>
    rows[kind].map((r) => ({
      condition_type: r.condition_type,
      value: r.value.trim(),
      type: kind,
    })),
  );
}

export const totalUrlRows = (rows: UrlRows) => rows.includes.length + rows.excludes.length;

/**
 * A save with no URL typed anywhere removes the condition instead of failing
 * (docs/product/entities.md#url-and-customer-condition-dialogs).
 */
export const isEmptyUrlRows = (rows: UrlRows) =>
  [...rows.includes, ...rows.excludes].every((r) => r.value.trim() === '');

/**
 * Match types a row may pick: its own plus those no other row of its list uses
 * (docs/product/validation.md#54-url-condition-dialog).
 */
export function matchTypesForRow(list: readonly UrlRow[], rowId: string): UrlMatchType[] {
  const usedByOthers = list.filter((r) => r.id !== rowId).map((r) => r.condition_type);
  return freeMatchTypes(URL_MATCH_TYPES, usedByOthers);
}

const unusedTypes = (list: readonly UrlRow[]) =>
  freeMatchTypes(
    URL_MATCH_TYPES,
    list.map((r) => r.condition_type),
  );

/** Whether a list may take another row: a free match type left and under 8 rows in total. */
export function canAddUrlRow(rows: UrlRows, kind: UrlListKind): boolean {
  return unusedTypes(rows[kind]).length > 0 && totalUrlRows(rows) < MAX_URL_CONDITIONS;
}

/** Appends an empty row taking the first free match type of its list; unchanged when full. */
export function addUrlRow(rows: UrlRows, kind: UrlListKind, id: string): UrlRows {
  const [first] = unusedTypes(rows[kind]);
  if (!first || totalUrlRows(rows) >= MAX_URL_CONDITIONS) return rows;
  return { ...rows, [kind]: [...rows[kind], { id, condition_type: first, value: '' }] };
}

export function removeUrlRow(rows: UrlRows, kind: UrlListKind, id: string): UrlRows {
  return { ...rows, [kind]: rows[kind].filter((r) => r.id !== id) };
}

export function updateUrlRow(
  rows: UrlRows,
  kind: UrlListKind,
  id: string,
  patch: Partial<Omit<UrlRow, 'id'>>,
): UrlRows {
  return { ...rows, [kind]: rows[kind].map((r) => (r.id === id ? { ...r, ...patch } : r)) };
}
