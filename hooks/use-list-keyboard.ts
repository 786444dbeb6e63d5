import { useCallback, useEffect, useState, type KeyboardEvent } from 'react';

export interface UseListKeyboardOptions {
  /** How many options the list shows. */
  count: number;
  /** Options the arrows skip and Enter cannot choose. */
  isDisabled?: (index: number) => boolean;
  /** Enter on the active option. */
  onPick: (index: number) => void;
  /** After each arrow move (e.g. to load the next page once the last option is reached). */
  onMove?: (index: number) => void;
  /** The element id of option `index`: the active option is scrolled into view. */
  optionId?: (index: number) => string;
}

/**
 * The keyboard over a list of options (the WAI-ARIA listbox pattern): ArrowDown / ArrowUp move
 * over the enabled options without wrapping, Home / End jump to the first / last one, Enter picks
 * the active one, and the active option is kept in view. Bind it while the list is open; opening
 * and Escape belong to the popup (`usePopup`).
 */
export function useListKeyboard({
  count,
  isDisabled = () => false,
  onPick,
  onMove,
  optionId,
}: UseListKeyboardOptions) {
  const [activeIndex, setActiveIndex] = useState(-1);

  useEffect(() => {
    if (activeIndex < 0 || !optionId) return;
    document.getElementById(optionId(activeIndex))?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, optionId]);

  /** The nearest enabled option after `from` in direction `step`; null when there is none. */
  const seek = (from: number, step: 1 | -1): number | null => {
    for (let i = from + step; i >= 0 && i < count; i += step) if (!isDisabled(i)) return i;
    return null;
  };
  const moveTo = (index: number) => {
    setActiveIndex(index);
    onMove?.(index);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        const down = event.key === 'ArrowDown';
        // Nothing active yet: ArrowUp starts from the end. At either end the option stays.
        const from = activeIndex < 0 && !down ? count : activeIndex;
        return moveTo(seek(from, down ? 1 : -1) ?? activeIndex);
      }
      case 'Home':
      case 'End': {
        // In a search box holding text, Home and End move the caret instead.
        const target = event.target as HTMLInputElement | undefined;
        if (target?.tagName === 'INPUT' && target.value !== '') return;
        const index = event.key === 'Home' ? seek(-1, 1) : seek(count, -1);
        if (index === null) return;
        event.preventDefault();
        return moveTo(index);
      }
      case 'Enter':
        event.preventDefault();
        if (activeIndex >= 0 && activeIndex < count && !isDisabled(activeIndex))
          onPick(activeIndex);
        return;
    }
  };

  const reset = useCallback(() => setActiveIndex(-1), []);
  return { activeIndex, setActiveIndex, onKeyDown, reset };
}
