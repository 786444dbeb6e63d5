import { useCallback, useEffect, useRef, useState } from 'react';

export interface UsePopupOptions {
  /** Runs whenever the popup closes, however it closed (e.g. to reset a search text). */
  onClose?: () => void;
}

/** How a popup closes. */
export interface ClosePopupOptions {
  /** Puts the focus back on the trigger (a choice, Escape). */
  returnFocus?: boolean;
}

/**
 * Open state of a popup anchored in `rootRef` and opened by `triggerRef`: a mouse press outside
 * the root or Escape closes it, and Escape gives the focus back to the trigger. Escape is caught on
 * window in the capture phase and stopped there, so a dialog around the popup (which listens on
 * document) stays open: Escape closes only the innermost layer.
 */
export function usePopup<
  R extends HTMLElement = HTMLDivElement,
  T extends HTMLElement = HTMLButtonElement,
>({ onClose }: UsePopupOptions = {}) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<R>(null);
  const triggerRef = useRef<T>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  const show = useCallback(() => setOpen(true), []);
  const close = useCallback(({ returnFocus = false }: ClosePopupOptions = {}) => {
    setOpen(false);
    onCloseRef.current?.();
    if (returnFocus) triggerRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      event.preventDefault();
      close({ returnFocus: true });
    };
    document.addEventListener('mousedown', onPointerDown);
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      window.removeEventListener('keydown', onKeyDown, { capture: true });
    };
  }, [open, close]);

  /** For the root's onBlur: focus that leaves the popup (Tab away) closes it. */
  const onBlurWithin = useCallback(
    (event: { relatedTarget: EventTarget | null }) => {
      if (!open) return;
      const next = event.relatedTarget as Node | null;
      if (next && !rootRef.current?.contains(next)) close();
    },
    [open, close],
  );

  return { open, show, close, rootRef, triggerRef, onBlurWithin };
}
