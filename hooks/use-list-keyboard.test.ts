import { act, renderHook } from '@testing-library/react';
import type { KeyboardEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useListKeyboard } from './use-list-keyboard';

const press = (key: string, target?: Partial<HTMLInputElement>) =>
  ({ key, target, preventDefault: vi.fn() }) as unknown as KeyboardEvent<HTMLElement>;

function setup(count = 4, disabled: number[] = []) {
  const onPick = vi.fn();
  const onMove = vi.fn();
  const hook = renderHook(() =>
    useListKeyboard({ count, isDisabled: (i) => disabled.includes(i), onPick, onMove }),
  );
  const key = (k: string, target?: Partial<HTMLInputElement>) =>
    act(() => hook.result.current.onKeyDown(press(k, target)));
  return { ...hook, key, onPick, onMove };
}

describe('useListKeyboard', () => {
  it('moves over enabled options without wrapping; ArrowUp starts from the end', () => {
    const { result, key } = setup(4, [1]);
    key('ArrowUp');
    expect(result.current.activeIndex).toBe(3);
    key('ArrowDown');
    expect(result.current.activeIndex).toBe(3);
    key('ArrowUp');
    key('ArrowUp');
    expect(result.current.activeIndex).toBe(0);
    key('ArrowUp');
    expect(result.current.activeIndex).toBe(0);
  });

  it('jumps with Home and End, except inside a search box holding text', () => {
    const { result, key } = setup(5, [0, 4]);
    key('End');
    expect(result.current.activeIndex).toBe(3);
    key('Home');
    expect(result.current.activeIndex).toBe(1);
    key('End', { tagName: 'INPUT', value: 'abc' });
    expect(result.current.activeIndex).toBe(1);
  });

  it('picks the active option with Enter, never a disabled one, and reports moves', () => {
    const { result, key, onPick, onMove } = setup(3, [2]);
    key('Enter');
    expect(onPick).not.toHaveBeenCalled();
    key('ArrowDown');
    key('Enter');
    expect(onPick).toHaveBeenCalledWith(0);
    expect(onMove).toHaveBeenLastCalledWith(0);
    act(() => result.current.setActiveIndex(2));
    key('Enter');
    expect(onPick).toHaveBeenCalledTimes(1);
    act(() => result.current.reset());
    expect(result.current.activeIndex).toBe(-1);
  });
});
