import { useSyncExternalStore } from 'react';

const noop = () => () => {};

/** False during server rendering and hydration, true afterwards (browser-only state is then safe). */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
