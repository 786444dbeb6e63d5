/**
 * What a card can hold that takes Tab: its buttons and the content's links (the allow-list of
 * lib/flows/allow-list.ts has no form fields and no tabindex).
 */
const TABBABLE = 'a[href],button';

/**
 * Keeps Tab and Shift+Tab inside `root`: wraps at either end, and pulls focus back in when it
 * is outside (`active` is the focused element as seen from the tour's shadow root).
 */
export function trapTab(event: KeyboardEvent, root: HTMLElement, active: Element | null): void {
  // Reachable with Tab, in document order; with none, focus stays on `root`.
  const items = [...root.querySelectorAll<HTMLElement>(TABBABLE)];
  const first = items[0] ?? root;
  const last = items[items.length - 1] ?? root;
  const inside = active !== null && root.contains(active);
  const to = event.shiftKey
    ? (!inside || active === first || active === root) && last
    : (!inside || active === last) && first;
  if (to) {
    event.preventDefault();
    to.focus();
  }
}
