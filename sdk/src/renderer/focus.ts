const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** Elements of `root` reachable with Tab, in document order. */
export function tabbables(root: ParentNode): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(TABBABLE));
}

/**
 * Keeps Tab and Shift+Tab inside `root`: wraps at either end, and pulls focus back in when it
 * is outside (`active` is the focused element as seen from the tour's shadow root).
 */
export function trapTab(event: KeyboardEvent, root: HTMLElement, active: Element | null): void {
  const items = tabbables(root);
  if (items.length === 0) {
    event.preventDefault();
    root.focus();
    return;
  }
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const inside = active !== null && root.contains(active);
  if (event.shiftKey && (!inside || active === first || active === root)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (!inside || active === last)) {
    event.preventDefault();
    first.focus();
  }
}
