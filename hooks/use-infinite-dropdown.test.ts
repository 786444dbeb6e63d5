import { act, renderHook, waitFor } from '@testing-library/react';
import type { UIEvent } from 'react';
import { describe, expect, it, vi, type Mock } from 'vitest';
import {
  mergeOptions,
  useInfiniteDropdown,
  type DropdownOption,
  type DropdownPage,
  type DropdownPageRequest,
  type UseInfiniteDropdownOptions,
} from './use-infinite-dropdown';

const opt = (n: number): DropdownOption<number> => ({ key: n, value: `Item ${n}`, data: n });

/** A server of `total` items, `size` per page; the cursor is the next page number. */
function pagedServer(total: number, size = 3) {
  return vi.fn(async ({ search, cursor }: DropdownPageRequest): Promise<DropdownPage<number>> => {
    const all = Array.from({ length: total }, (_, i) => opt(i + 1)).filter((o) =>
      o.value.includes(search),
    );
    const page = cursor === null ? 1 : Number(cursor);
    const items = all.slice((page - 1) * size, page * size);
    return { items, nextCursor: page * size < all.length ? String(page + 1) : null };
  });
}

function setup(overrides: Partial<UseInfiniteDropdownOptions<number>> = {}) {
  const fetchPage = (overrides.fetchPage ?? pagedServer(7)) as Mock<
    (request: DropdownPageRequest) => Promise<DropdownPage<number>>
  >;
  const onChange = vi.fn();
  const hook = renderHook(
    (props: Partial<UseInfiniteDropdownOptions<number>>) =>
      useInfiniteDropdown<number>({
        fetchPage,
        value: null,
        onChange,
        searchDebounceMs: 0,
        ...overrides,
        ...props,
      }),
    { initialProps: {} },
  );
  return { ...hook, fetchPage, onChange };
}

/** A scroll event on a list `distance` px above its bottom. */
function scrolledTo(distance: number) {
  const el = { scrollHeight: 500, clientHeight: 250, scrollTop: 250 - distance };
  return { currentTarget: el } as unknown as UIEvent<HTMLElement>;
}

describe('mergeOptions', () => {
  it('appends only keys it does not hold yet', () => {
    expect(mergeOptions([opt(1), opt(2)], [opt(2), opt(3), opt(3)]).map((o) => o.key)).toEqual([
      1, 2, 3,
    ]);
  });
});

describe('useInfiniteDropdown', () => {
  it('loads nothing until opened, then the first page', async () => {
    const { result, fetchPage } = setup();
    expect(fetchPage).not.toHaveBeenCalled();
    act(() => result.current.openList());
    await waitFor(() => expect(result.current.options).toHaveLength(3));
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(fetchPage.mock.calls[0][0]).toMatchObject({ search: '', cursor: null });
    expect(result.current.hasMore).toBe(true);
  });

  it('loads the next page only within 10 px of the bottom and stops when exhausted', async () => {
    const { result, fetchPage } = setup();
    act(() => result.current.openList());
    await waitFor(() => expect(result.current.options).toHaveLength(3));

    act(() => result.current.onListScroll(scrolledTo(11)));
    expect(fetchPage).toHaveBeenCalledTimes(1);

    act(() => result.current.onListScroll(scrolledTo(10)));
    await waitFor(() => expect(result.current.options).toHaveLength(6));
    expect(fetchPage.mock.calls[1][0]).toMatchObject({ cursor: '2' });

    act(() => result.current.onListScroll(scrolledTo(0)));
    await waitFor(() => expect(result.current.options).toHaveLength(7));
    expect(result.current.hasMore).toBe(false);

    act(() => result.current.onListScroll(scrolledTo(0)));
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });

  it('never requests a page while one is loading', async () => {
    let release: (page: DropdownPage<number>) => void = () => {};
    const fetchPage = vi.fn(
      () => new Promise<DropdownPage<number>>((resolve) => (release = resolve)),
    );
    const { result } = setup({ fetchPage });
    act(() => result.current.openList());
    await waitFor(() => expect(result.current.loading).toBe(true));
    act(() => result.current.onListScroll(scrolledTo(0)));
    act(() => result.current.onListScroll(scrolledTo(0)));
    expect(fetchPage).toHaveBeenCalledTimes(1);
    await act(async () => release({ items: [opt(1)], nextCursor: null }));
    expect(result.current.options).toEqual([opt(1)]);
  });

  it('starts the list over when the search text changes and again when closed', async () => {
    const { result, fetchPage } = setup({ fetchPage: pagedServer(12) });
    act(() => result.current.openList());
    await waitFor(() => expect(result.current.options).toHaveLength(3));

    act(() => result.current.setSearch('1'));
    await waitFor(() => expect(result.current.options.map((o) => o.key)).toEqual([1, 10, 11]));
    expect(fetchPage.mock.lastCall?.[0]).toMatchObject({ search: '1', cursor: null });

    act(() => result.current.close());
    expect(result.current.search).toBe('');
    act(() => result.current.openList());
    await waitFor(() => expect(result.current.options.map((o) => o.key)).toEqual([1, 2, 3]));
    expect(fetchPage.mock.lastCall?.[0]).toMatchObject({ search: '', cursor: null });
  });

  it('waits for the search text to settle before asking', async () => {
    vi.useFakeTimers();
    try {
      const fetchPage = pagedServer(12);
      const { result } = setup({ fetchPage, searchDebounceMs: 300 });
      act(() => result.current.openList());
      await act(async () => {});
      expect(fetchPage).toHaveBeenCalledTimes(1);
      act(() => result.current.setSearch('1'));
      act(() => result.current.setSearch('11'));
      await act(async () => vi.advanceTimersByTime(299));
      expect(fetchPage).toHaveBeenCalledTimes(1);
      await act(async () => vi.advanceTimersByTime(1));
      expect(fetchPage).toHaveBeenCalledTimes(2);
      expect(fetchPage.mock.lastCall?.[0]).toMatchObject({ search: '11' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('selecting sets the value, calls onChange and closes; disabled options cannot be chosen', async () => {
    const fetchPage = vi.fn(async () => ({
      items: [opt(1), { ...opt(2), disabled: true }],
      nextCursor: null,
    }));
    const { result, onChange, rerender } = setup({ fetchPage });
    act(() => result.current.openList());
    await waitFor(() => expect(result.current.options).toHaveLength(2));

    act(() => result.current.select(result.current.options[1]));
    expect(onChange).not.toHaveBeenCalled();
    expect(result.current.open).toBe(true);

    act(() => result.current.select(result.current.options[0]));
    expect(onChange).toHaveBeenCalledWith(opt(1));
    expect(result.current.open).toBe(false);
    // Controlled: the parent stores the key; the hook remembers the option behind it.
    expect(result.current.selected).toBeNull();
    rerender({ value: 1 });
    expect(result.current.selected).toEqual(opt(1));
  });

  it('looks up a selected value missing from the loaded options once, and forgets it when cleared', async () => {
    const fetchDefaultOption = vi.fn(async (key: string | number) => opt(Number(key)));
    const { result, rerender, fetchPage } = setup({ fetchDefaultOption, value: 42 });
    await waitFor(() => expect(result.current.selected).toEqual(opt(42)));
    expect(fetchDefaultOption).toHaveBeenCalledTimes(1);
    expect(fetchDefaultOption).toHaveBeenCalledWith(42);
    expect(fetchPage).not.toHaveBeenCalled();

    // The looked-up option joins the list; the loaded pages follow it.
    act(() => result.current.openList());
    await waitFor(() => expect(result.current.options.map((o) => o.key)).toEqual([42, 1, 2, 3]));
    expect(fetchDefaultOption).toHaveBeenCalledTimes(1);

    rerender({ value: null });
    expect(result.current.selected).toBeNull();
    rerender({ value: 2 });
    expect(result.current.selected).toEqual(opt(2));
    expect(fetchDefaultOption).toHaveBeenCalledTimes(1);
  });

  it('does not request pages while disabled and starts over when the reset key changes', async () => {
    const fetchPage = pagedServer(5);
    const { result, rerender } = setup({ fetchPage, enabled: false });
    act(() => result.current.openList());
    await act(async () => {});
    expect(fetchPage).not.toHaveBeenCalled();

    rerender({ enabled: true, resetKey: 1 });
    await waitFor(() => expect(result.current.options).toHaveLength(3));
    rerender({ enabled: true, resetKey: 2 });
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(2));
    expect(fetchPage.mock.lastCall?.[0]).toMatchObject({ cursor: null });
  });

  it('reports a failed page once and tries again when reopened', async () => {
    const onError = vi.fn();
    const fetchPage = vi
      .fn<(r: DropdownPageRequest) => Promise<DropdownPage<number>>>()
      .mockRejectedValueOnce(new Error('boom'))
      .mockResolvedValue({ items: [opt(1)], nextCursor: null });
    const { result } = setup({ fetchPage, onError });
    act(() => result.current.openList());
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(result.current.hasMore).toBe(false);
    expect(fetchPage).toHaveBeenCalledTimes(1);

    act(() => result.current.close());
    act(() => result.current.openList());
    await waitFor(() => expect(result.current.options).toEqual([opt(1)]));
  });

  it('moves with the arrow keys over enabled options and chooses with Enter', async () => {
    const fetchPage = vi.fn(async () => ({
      items: [opt(1), { ...opt(2), disabled: true }, opt(3)],
      nextCursor: null,
    }));
    const { result, onChange } = setup({ fetchPage });
    const key = (k: string) =>
      act(() => result.current.onKeyDown({ key: k, preventDefault: () => {} } as never));
    key('ArrowDown');
    expect(result.current.open).toBe(true);
    await waitFor(() => expect(result.current.options).toHaveLength(3));
    key('ArrowDown');
    expect(result.current.activeIndex).toBe(0);
    key('ArrowDown');
    expect(result.current.activeIndex).toBe(2);
    key('ArrowUp');
    expect(result.current.activeIndex).toBe(0);
    key('Enter');
    expect(onChange).toHaveBeenCalledWith(opt(1));
    expect(result.current.open).toBe(false);

    key('ArrowDown');
    key('Escape');
    expect(result.current.open).toBe(false);
  });
});
