import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type UIEvent } from 'react';
import { DROPDOWN_SCROLL_THRESHOLD_PX } from '@/lib/constants';
import { useListKeyboard } from '@/hooks/use-list-keyboard';
import { usePopup } from '@/hooks/use-popup';
import type { EmptyListState } from '@/components/ui/dropdown-parts';
import {
  INITIAL,
  reducer,
  type Action,
  type DropdownKey,
  type DropdownOption,
  type DropdownPage,
  type DropdownPageRequest,
  type ListState,
} from './dropdown-list';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from './use-debounced-value';

export {
  mergeOptions,
  type DropdownKey,
  type DropdownOption,
  type DropdownPage,
  type DropdownPageRequest,
} from './dropdown-list';

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

/** Where the dropdown's options live in the page, for keeping the active one in view. */
export interface InfiniteDropdownView {
  optionId?: (index: number) => string;
}

const isEmptyKey = (key: DropdownKey | null | undefined): key is null | undefined | '' =>
  key === null || key === undefined || key === '';

/**
 * State of a searchable, lazily paged dropdown (docs/product/screens.md#26-shared-widgets,
 * docs/product/entities.md#searchable-dropdown): open/closed, loading/idle, more pages/exhausted,
 * the search text, the remembered selection and the active option. The popup (outside click,
 * Escape) and the list keyboard are the shared `usePopup` and `useListKeyboard`.
 */
export function useInfiniteDropdown<T>(
  {
    fetchPage,
    value,
    onChange,
    fetchDefaultOption,
    onError,
    enabled = true,
    resetKey,
    searchDebounceMs = SEARCH_DEBOUNCE_MS,
  }: UseInfiniteDropdownOptions<T>,
  { optionId }: InfiniteDropdownView = {},
) {
  const [list, setList] = useState<ListState<T>>(INITIAL);
  // The loader reads the list between renders (fast scrolling): keep it current synchronously.
  const listRef = useRef<ListState<T>>(INITIAL);
  const dispatch = useCallback((action: Action<T>) => {
    listRef.current = reducer(listRef.current, action);
    setList(listRef.current);
  }, []);
  const [search, setSearch] = useState('');
  // Closing resets the search text (and with it the list, once the text was not empty).
  const popup = usePopup<HTMLDivElement, HTMLElement>({ onClose: () => setSearch('') });
  const { open, show, close } = popup;
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

  const select = useCallback(
    (option: DropdownOption<T>) => {
      if (option.disabled) return;
      setRemembered(option);
      callbacks.current.onChange?.(option);
      close();
    },
    [close],
  );

  const keyboard = useListKeyboard({
    count: list.options.length,
    isDisabled: (index) => !!list.options[index]?.disabled,
    onPick: (index) => select(list.options[index]),
    // Reaching the end with the keyboard pages like scrolling does.
    onMove: (index) => {
      if (index >= listRef.current.options.length - 1) void loadMore();
    },
    optionId,
  });
  const resetActive = keyboard.reset;

  const reset = useCallback(() => {
    generation.current += 1;
    inFlight.current?.abort();
    inFlight.current = null;
    resetActive();
    dispatch({ type: 'reset' });
  }, [dispatch, resetActive]);

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
    resetActive();
    show();
  }, [reset, resetActive, show]);

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

  /** Arrows open a closed list; while open, the list keyboard, and Escape closes. */
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!open) {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      event.preventDefault();
      return openList();
    }
    if (event.key !== 'Escape') return keyboard.onKeyDown(event);
    event.preventDefault();
    close();
  };

  // What an open list with no option says (docs/product/messages.md#empty-lists): no data when the
  // unfiltered list came back empty, no results when a search (or a failed page) found nothing.
  const empty: EmptyListState =
    list.loading || list.options.length > 0 || (hasMore && enabled)
      ? null
      : list.started && !list.failed && query === '' && search === ''
        ? 'no-data'
        : 'no-results';

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
    activeIndex: open ? keyboard.activeIndex : -1,
    setActiveIndex: keyboard.setActiveIndex,
    onListScroll,
    onKeyDown,
    loadMore,
    empty,
    rootRef: popup.rootRef,
    triggerRef: popup.triggerRef,
    onBlurWithin: popup.onBlurWithin,
  };
}
