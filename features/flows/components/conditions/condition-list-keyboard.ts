import { useEffect, useState, type KeyboardEvent, type RefObject } from 'react';

/**
 * While a popup list is open: a mouse press outside `ref` closes it, and Escape closes only the
 * list. Escape is caught on window in the capture phase because the dialog around the list
 * listens on document (capture) and would otherwise close as well.
 */
export function usePopupDismiss(
  ref: RefObject<HTMLElement | null>,
  open: boolean,
  close: () => void,
) {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      close();
    };
    document.addEventListener('mousedown', onPointerDown);
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      window.removeEventListener('keydown', onKeyDown, { capture: true });
    };
  }, [ref, open, close]);
}

/** Arrow keys move through `count` options and Enter picks the active one. */
export function useListKeyboard(count: number, pick: (index: number) => void) {
  // The active index belongs to a list length: a new list (search typed) starts with none.
  const [state, setState] = useState({ count, index: -1 });
  const active = state.count === count ? state.index : -1;
  const setActive = (index: number) => setState({ count, index });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (count === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(active < 0 ? (step > 0 ? 0 : count - 1) : (active + step + count) % count);
    } else if (event.key === 'Enter' && active >= 0 && active < count) {
      event.preventDefault();
      pick(active);
    }
  };
  return { active, setActive, onKeyDown };
}
