/** Logs with the SDK's prefix; even logging must not fail the host page. */
export function warn(...args: unknown[]): void {
  try {
    console.warn('[signpost]', ...args);
  } catch {
    // Nothing to do.
  }
}

/** Wraps a public entry point: whatever goes wrong inside stays inside (logged once per call). */
export function guard<A extends unknown[], R>(
  fn: (...args: A) => R,
  fallback: R,
): (...args: A) => R {
  return (...args) => {
    try {
      return fn(...args);
    } catch (err) {
      warn(err);
      return fallback;
    }
  };
}
