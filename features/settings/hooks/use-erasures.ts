import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { eraseProfile, listProfiles } from '@/api/customer-profiles';
import { listErasures, type ErasureList } from '@/api/data-rights';
import type { ApiError } from '@/api/http';
import type { CustomerProfile } from '@/lib/contracts/customer-profiles';
import type { EraseBody, Erasure } from '@/lib/contracts/erasure';
import type { MutationCallbacks } from '@/hooks/types';
import { settingsKeys } from '../lib/query-keys';

export const ERASURES_PAGE_SIZE = 20;
/** While an erasure is still queued the log asks again this often. */
const QUEUED_REFRESH_MS = 2_000;
/** The search matches parts of ids, e-mails and names: at most this many pages are read. */
const FIND_PAGES = 5;

/** The erasure log's query key, per product (read again after an erasure). */
export const erasureKeys = {
  log: (brandId: number) => [...settingsKeys.all, 'erasures', brandId] as const,
};

/** GET /v1/erasures: the product's erasures, newest first, paged by cursor; read again while one is queued. */
export function useErasureLog(brandId: number) {
  return useInfiniteQuery<ErasureList, ApiError>({
    queryKey: erasureKeys.log(brandId),
    queryFn: ({ pageParam, signal }) =>
      listErasures(
        brandId,
        { cursor: (pageParam as string | null) ?? undefined, limit: ERASURES_PAGE_SIZE },
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: (query) =>
      (query.state.data?.pages ?? []).some((p) => p.data.some((e) => e.status === 'queued'))
        ? QUEUED_REFRESH_MS
        : false,
  });
}

/**
 * The profile whose customer id is exactly `key`, or null: the profile list's search (which also
 * matches parts of e-mails and names), filtered to the exact id.
 */
export async function findProfileByKey(
  brandId: number,
  key: string,
): Promise<CustomerProfile | null> {
  let cursor: string | undefined;
  for (let page = 0; page < FIND_PAGES; page++) {
    const list = await listProfiles({ brand_id: brandId, search: key, limit: 100, cursor });
    const found = list.data.find((p) => p.customer_key === key);
    if (found) return found;
    if (!list.nextCursor) return null;
    cursor = list.nextCursor;
  }
  return null;
}

/** "Find" of Settings → Data's erase block: the exact customer id's profile, or null. */
export function useFindCustomer(brandId: number) {
  return useMutation<CustomerProfile | null, ApiError, string>({
    mutationFn: (key) => findProfileByKey(brandId, key.trim()),
  });
}

/**
 * POST /v1/customer-profiles/{id}/erase from Settings → Data: the erasure log is read again, and
 * the customer lists (the customer-profiles feature's queries) leave the profile.
 */
export function useEraseCustomer(
  brandId: number,
  profileId: number,
  callbacks: MutationCallbacks<Erasure, EraseBody> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<Erasure, ApiError, EraseBody>({
    mutationFn: (body) => eraseProfile(profileId, body),
    onSuccess: async (data, body) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: erasureKeys.log(brandId) }),
        queryClient.invalidateQueries({ queryKey: ['customer-profiles'] }),
      ]);
      callbacks.onSuccess?.(data, body);
    },
    onError: (error, body) => callbacks.onError?.(error, body),
  });
}
