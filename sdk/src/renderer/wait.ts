/**
 * Calls `done` with the element `find` returns, as soon as it returns one (now, or after any DOM
 * change), or with null once `ms` have passed. Returns a function that stops waiting silently.
 */
export function waitForElement(
  find: () => Element | null,
  ms: number,
  done: (el: Element | null) => void,
): () => void {
  const finish = (el: Element | null) => {
    stop();
    done(el);
  };
  const observer = new MutationObserver(() => {
    const el = find();
    if (el) finish(el);
  });
  const timer = setTimeout(() => finish(null), ms);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true });
  return stop;
}
