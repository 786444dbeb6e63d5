type Listener = () => void;

const listeners = new Set<Listener>();
let patched = false;

function notify(): void {
  listeners.forEach((listener) => {
    try {
      listener();
    } catch {
      // A listener's failure must not surface in the host page's pushState call.
    }
  });
}

/**
 * Calls `listener` after pushState, replaceState and popstate. History is patched once per page,
 * whatever the number of clients; the host's own exceptions from pushState still reach it.
 */
export function onNavigate(listener: Listener): () => void {
  if (!patched) {
    patched = true;
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method];
      history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
        const result = original.apply(this, args);
        notify();
        return result;
      };
    }
    addEventListener('popstate', notify);
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}
