import { useCallback, useRef } from 'react';

/**
 * For dialogs opened without a Radix trigger (from a row's button): `remember()` when one opens
 * keeps the focused element, `giveBack()` when it closes focuses it again, unless the focus went
 * elsewhere meanwhile or the element left the page with its row. The element is kept until the
 * next `remember()`, so a dialog that follows another (a secret after a form) gives it back too.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  const remember = useCallback(() => {
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, []);
  const giveBack = useCallback(() => {
    const el = opener.current;
    setTimeout(() => {
      const active = document.activeElement;
      if (el?.isConnected && (!active || active === document.body)) el.focus();
    }, 0);
  }, []);
  return { remember, giveBack };
}
