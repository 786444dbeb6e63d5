import { useSyncExternalStore } from 'react';
import { getToken, subscribeToken } from '@/api/token';

/** The stored session token; null on the server and before hydration. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => null);
}
