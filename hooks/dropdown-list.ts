/**
 * The options of a lazily paged dropdown and how pages change them
 * (docs/product/entities.md#dropdown-options-and-pages, docs/product/entities.md#searchable-dropdown).
 */

/** What identifies an option (and is the dropdown's value). */
export type DropdownKey = string | number;

/**
 * One option of a dropdown (docs/product/entities.md#dropdown-options-and-pages): `value` is the
 * text shown, `data` the original item.
 */
export interface DropdownOption<T = unknown> {
  key: DropdownKey;
  value: string;
  disabled?: boolean;
  data?: T;
}

/**
 * A page of options (docs/product/entities.md#dropdown-options-and-pages); `nextCursor` null means
 * no page follows.
 */
export interface DropdownPage<T = unknown> {
  items: DropdownOption<T>[];
  nextCursor: string | null;
}

export interface DropdownPageRequest {
  search: string;
  /** Null for the first page, then the previous page's `nextCursor`. */
  cursor: string | null;
  signal: AbortSignal;
}

export interface ListState<T> {
  options: DropdownOption<T>[];
  /** False until the first page answered: then `nextCursor` tells whether more exist. */
  started: boolean;
  nextCursor: string | null;
  loading: boolean;
  /** The last page request failed: the list ends until it starts over. */
  failed: boolean;
}

export type Action<T> =
  | { type: 'reset' }
  | { type: 'loading' }
  | { type: 'loaded'; page: DropdownPage<T> }
  | { type: 'failed' }
  | { type: 'add'; option: DropdownOption<T> };

export const INITIAL: ListState<never> = {
  options: [],
  started: false,
  nextCursor: null,
  loading: false,
  failed: false,
};

/** Appends options whose key is not there yet (pages may overlap when data shifts). */
export function mergeOptions<T>(
  current: DropdownOption<T>[],
  incoming: DropdownOption<T>[],
): DropdownOption<T>[] {
  const seen = new Set(current.map((o) => o.key));
  const added = incoming.filter((o) => !seen.has(o.key) && seen.add(o.key));
  return added.length ? [...current, ...added] : current;
}

export function reducer<T>(state: ListState<T>, action: Action<T>): ListState<T> {
  switch (action.type) {
    case 'reset':
      return INITIAL;
    case 'loading':
      return { ...state, loading: true };
    case 'loaded':
      return {
        options: mergeOptions(state.options, action.page.items),
        started: true,
        nextCursor: action.page.nextCursor,
        loading: false,
        failed: false,
      };
    // A failed page ends the list until it starts over, so it is not requested again in a loop.
    case 'failed':
      return { ...state, started: true, nextCursor: null, loading: false, failed: true };
    case 'add':
      return { ...state, options: mergeOptions(state.options, [action.option]) };
  }
}
