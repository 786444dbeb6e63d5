import { STORAGE_KEYS } from '@/lib/constants';
import { publicEnv } from '@/lib/public-env';

/** Session token persistence (local storage 'token') with change notification; no React here. */
type Listener = () => void;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

/**
 * The environment default token (docs/product/validation.md#59-other-rules), only against the mock
 * API (`npm run dev:mock`): a real token in NEXT_PUBLIC_* would ship in the public bundle, so
 * next.config.ts refuses to build with one and nothing else reads it (docs/security.md).
 */
function defaultToken(): string | null {
  if (!publicEnv.apiMocking()) return null;
  return publicEnv.defaultToken() || null;
}

/** The stored token, else (mock API only) the environment default token, else null. */
export function getToken(): string | null {
  return storage()?.getItem(STORAGE_KEYS.token) || defaultToken();
}

export function setToken(token: string): void {
  storage()?.setItem(STORAGE_KEYS.token, token);
  emit();
}

export function clearToken(): void {
  const store = storage();
  if (!store || store.getItem(STORAGE_KEYS.token) === null) return;
  store.removeItem(STORAGE_KEYS.token);
  emit();
}

/** Subscribes to token changes in this tab and in other tabs (storage event). */
export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.token) listener();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}
