import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type UIEvent } from 'react';
import { DROPDOWN_SCROLL_THRESHOLD_PX } from '@/lib/constants';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from './use-debounced-value';

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

export interface UseInfiniteDropdownOptions<T> {
  fetchPage: (request: DropdownPageRequest) => Promise<DropdownPage<T>>;
  /** The selected key; null (or '') means nothing is selected. */
  value: DropdownKey | null | undefined;
  onChange?: (option: DropdownOption<T> | null) => void;
  /** Looks up the selected option when it is not among the loaded ones. */
  fetchDefaultOption?: (key: DropdownKey) => Promise<DropdownOption<T> | null>;
  onError?: (error: unknown) => void;
  /** No page is requested while false (e.g. no brand chosen yet). */
  enabled?: boolean;
  /** The list starts over when this changes (e.g. the brand the options belong to). */
  resetKey?: unknown;
  searchDebounceMs?: number;
}

interface ListState<T> {
  options: DropdownOption<T>[];
  /** False until the first page answered: then `nextCursor` tells whether more exist. */
  started: boolean;
  nextCursor: string | null;
  loading: boolean;
  /** The last page request failed: the list ends until it starts over. */
  failed: boolean;
}

type Action<T> =
  | { type: 'reset' }
  | { type: 'loading' }
  | { type: 'loaded'; page: DropdownPage<T> }
  | { type: 'failed' }
  | { type: 'add'; option: DropdownOption<T> };

const INITIAL: ListState<never> = {
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

function reducer<T>(state: ListState<T>, action: Action<T>): ListState<T> {
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

const isEmptyKey = (key: DropdownKey | null | undefined): key is null | undefined | '' =>
  key === null || key === undefined || key === '';

/**
 * State of a searchable, lazily paged dropdown (docs/product/screens.md#26-shared-widgets,
 * docs/product/entities.md#searchable-dropdown): open/closed, loading/idle, more pages/exhausted,
 * the search text, the remembered selection and the active option.
 */
export function useInfiniteDropdown<T>({
  fetchPage,
  value,
  onChange,
  fetchDefaultOption,
  onError,
  enabled = true,
  resetKey,
  searchDebounceMs = SEARCH_DEBOUNCE_MS,
}: UseInfiniteDropdownOptions<T>) {
  const [list, setList] = useState<ListState<T>>(INITIAL);
  // The loader reads the list between renders (fast scrolling): keep it current synchronously.
  const listRef = useRef<ListState<T>>(INITIAL);
  const dispatch = useCallback((action: Action<T>) => {
    listRef.current = reducer(listRef.current, action);
    setList(listRef.current);
  }, []);
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [activeIndex, setActiveIndex] = useState(-1);
  const [remembered, setRemembered] = useState<DropdownOption<T> | null>(null);
  const query = useDebouncedValue(search, searchDebounceMs);

  // Clearing the value forgets the remembered selection (adjusted while rendering, not after).
  const [previousValue, setPreviousValue] = useState(value);
  if (previousValue !== value) {
    setPreviousValue(value);
    if (isEmptyKey(value)) setRemembered(null);
  }

  // Latest callbacks and state for the async loader, without re-creating it on every render.
  const callbacks = useRef({ fetchPage, fetchDefaultOption, onError, onChange });
  const queryRef = useRef(query);
  useEffect(() => {
    callbacks.current = { fetchPage, fetchDefaultOption, onError, onChange };
    queryRef.current = query;
  });
  /** Bumped on every reset so answers for an older list are dropped. */
  const generation = useRef(0);
  const inFlight = useRef<AbortController | null>(null);

  const hasMore = !list.started || list.nextCursor !== null;

  const loadMore = useCallback(async () => {
    const state = listRef.current;
    if (!enabled || inFlight.current || (state.started && state.nextCursor === null)) return;
    const controller = new AbortController();
    inFlight.current = controller;
    const gen = generation.current;
    dispatch({ type: 'loading' });
    try {
      const page = await callbacks.current.fetchPage({
        search: queryRef.current,
        cursor: state.started ? state.nextCursor : null,
        signal: controller.signal,
      });
      if (gen === generation.current) dispatch({ type: 'loaded', page });
    } catch (error) {
      if (gen !== generation.current || controller.signal.aborted) return;
      dispatch({ type: 'failed' });
      callbacks.current.onError?.(error);
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
    }
  }, [enabled, dispatch]);

  const reset = useCallback(() => {
    generation.current += 1;
    inFlight.current?.abort();
    inFlight.current = null;
    setActiveIndex(-1);
    dispatch({ type: 'reset' });
  }, [dispatch]);

  // A new search text or a new owner of the options starts the list over.
  const firstRun = useRef(true);
  useEffect(() => {
    if (firstRun.current) {
      firstRun.current = false;
      return;
    }
    reset();
  }, [query, resetKey, reset]);

  // The first page loads when the list is open and no page is there yet (a looked-up selected
  // option alone does not count).
  useEffect(() => {
    if (open && enabled && !list.started && !list.loading) void loadMore();
  }, [open, enabled, list.started, list.loading, loadMore]);

  useEffect(() => () => inFlight.current?.abort(), []);

  // A selected value missing from the loaded options is looked up once and added.
  const loadedSelected = isEmptyKey(value) ? undefined : list.options.find((o) => o.key === value);
  const missing =
    !isEmptyKey(value) && !loadedSelected && remembered?.key !== value && !!fetchDefaultOption;
  const lookedUp = useRef<DropdownKey | null>(null);
  useEffect(() => {
    if (!missing || isEmptyKey(value) || lookedUp.current === value) return;
    lookedUp.current = value;
    let active = true;
    callbacks.current.fetchDefaultOption?.(value).then(
      (option) => {
        if (!active || !option) return;
        setRemembered(option);
        dispatch({ type: 'add', option });
      },
      (error: unknown) => active && callbacks.current.onError?.(error),
    );
    return () => {
      active = false;
      // Looked up again if the value comes back after an interruption.
      if (lookedUp.current === value) lookedUp.current = null;
    };
  }, [missing, value, dispatch]);

  const selected = loadedSelected ?? (remembered?.key === value ? remembered : null);

  const openList = useCallback(() => {
    // A list whose page failed starts over when it is opened again.
    if (listRef.current.failed) reset();
    setOpen(true);
  }, [reset]);

  /** Closing resets the search text (and with it the list, once the text was not empty). */
  const close = useCallback(() => {
    setOpen(false);
    setSearch('');
    setActiveIndex(-1);
  }, []);

  const select = useCallback(
    (option: DropdownOption<T>) => {
      if (option.disabled) return;
      setRemembered(option);
      callbacks.current.onChange?.(option);
      close();
    },
    [close],
  );

  const clear = useCallback(() => {
    setRemembered(null);
    callbacks.current.onChange?.(null);
  }, []);

  /** Loads the next page once the list is scrolled to within 10 px of its bottom. */
  const onListScroll = useCallback(
    (event: UIEvent<HTMLElement>) => {
      const el = event.currentTarget;
      const distance = el.scrollHeight - el.scrollTop - el.clientHeight;
      if (distance <= DROPDOWN_SCROLL_THRESHOLD_PX) void loadMore();
    },
    [loadMore],
  );

  const move = (from: number, step: 1 | -1): number => {
    const { options } = listRef.current;
    for (let i = from + step; i >= 0 && i < options.length; i += step)
      if (!options[i].disabled) return i;
    return from;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const { options } = listRef.current;
    switch (event.key) {
      case 'ArrowDown': {
        event.preventDefault();
        if (!open) return openList();
        const next = move(activeIndex, 1);
        setActiveIndex(next);
        // Reaching the end with the keyboard pages like scrolling does.
        if (next >= options.length - 1) void loadMore();
        return;
      }
      case 'ArrowUp':
        event.preventDefault();
        if (!open) return openList();
        setActiveIndex(move(activeIndex, -1));
        return;
      case 'Enter':
        if (!open) return;
        event.preventDefault();
        if (activeIndex >= 0 && options[activeIndex]) select(options[activeIndex]);
        return;
      case 'Escape':
        if (!open) return;
        event.preventDefault();
        close();
        return;
    }
  };

  return {
    open,
    openList,
    close,
    search,
    setSearch,
    options: list.options,
    loading: list.loading,
    hasMore,
    selected,
    select,
    clear,
    activeIndex,
    setActiveIndex,
    onListScroll,
    onKeyDown,
    loadMore,
  };
}

export type InfiniteDropdown<T> = ReturnType<typeof useInfiniteDropdown<T>>;
