import { vi } from 'vitest';
import type * as Zustand from 'zustand';

/** One reset per store created since the test file started, each back to its initial state. */
const resets = new Set<() => void>();

/** Puts every zustand store back to the state it was created with (after each test). */
export function resetAllStores() {
  resets.forEach((reset) => reset());
}

/**
 * The `zustand` module as `tests/setup/unit.ts` mocks it: the real one, whose `create` records
 * each store's initial state so `resetAllStores` can restore it (the pattern of zustand's
 * "Testing" guide, with the registry here instead of in `__mocks__/`).
 */
export async function zustandModule() {
  const actual = await vi.importActual<typeof Zustand>('zustand');
  const withReset = <T>(creator: Zustand.StateCreator<T, [], []>) => {
    const store = actual.create<T>()(creator);
    const initial = store.getInitialState();
    resets.add(() => store.setState(initial, true));
    return store;
  };
  const create = (<T>(creator?: Zustand.StateCreator<T, [], []>) =>
    creator ? withReset(creator) : withReset) as typeof Zustand.create;
  return { ...actual, create };
}
