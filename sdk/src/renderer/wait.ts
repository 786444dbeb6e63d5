/** Least time between two searches of the page while it keeps changing. */
export const WAIT_SCAN_MS = 100;

/**
 * Calls `done` with the element `find` returns, as soon as it returns one (now, or after DOM
 * changes), or with null once `ms` have passed. A burst of changes (a framework rendering, a
 * feed streaming in) costs at most one search per WAIT_SCAN_MS, not one per change: a search
 * covers the whole page (docs/flows.md, "Targets"). A timer, not an animation frame, so a
 * background tab still finds its element. Nothing is observed once it is found, given up or
 * stopped. Returns a function that stops waiting silently.
 */
export function waitForElement(
  find: () => Element | null,
  ms: number,
  done: (el: Element | null) => void,
): () => void {
  /** Set after a search: changes meanwhile only mark the page as changed (`dirty`). */
  let cooling: ReturnType<typeof setTimeout> | undefined;
  let dirty = false;
  const finish = (el: Element | null) => {
    stop();
    done(el);
  };
  const search = () => {
    const el = find();
    if (el) return finish(el);
    cooling = setTimeout(() => {
      cooling = undefined;
      if (dirty) {
        dirty = false;
        search();
      }
    }, WAIT_SCAN_MS);
  };
  // The first change after a quiet spell is searched at once, the rest of a burst once it cooled.
  const observer = new MutationObserver(() => (cooling ? (dirty = true) : search()));
  // Changes still waiting for their search: look once more before giving up.
  const timer = setTimeout(() => finish(find()), ms);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    clearTimeout(cooling);
  };
  observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true });
  return stop;
}
