import { useEffect, useEffectEvent } from 'react';

/** A key combination; `mod` means Ctrl on Windows/Linux or Cmd on macOS (either is accepted). */
export interface Shortcut {
  key: string;
  mod?: boolean;
  shift?: boolean;
  alt?: boolean;
}

export function matchesShortcut(event: KeyboardEvent, shortcut: Shortcut): boolean {
  if (event.key.toLowerCase() !== shortcut.key.toLowerCase()) return false;
  if (Boolean(shortcut.mod) !== (event.ctrlKey || event.metaKey)) return false;
  if (Boolean(shortcut.shift) !== event.shiftKey) return false;
  if (Boolean(shortcut.alt) !== event.altKey) return false;
  return true;
}

/**
 * Whether a key press belongs to something the person is typing in: a field, a select, or
 * editable content such as the step's rich-text editor (where Ctrl/Cmd+B means bold).
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest('[contenteditable="true"], [contenteditable=""]'))
    return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Calls `handler` (and prevents the browser default) whenever the shortcut is pressed, except
 * from inside a field or editable content: there the keys belong to the text.
 */
export function useKeyboardShortcut(
  shortcut: Shortcut,
  handler: (event: KeyboardEvent) => void,
  enabled = true,
): void {
  const onShortcut = useEffectEvent(handler);
  const { key, mod, shift, alt } = shortcut;

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.repeat || !matchesShortcut(event, { key, mod, shift, alt })) return;
      if (isTypingTarget(event.target)) return;
      event.preventDefault();
      onShortcut(event);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [key, mod, shift, alt, enabled]);
}
