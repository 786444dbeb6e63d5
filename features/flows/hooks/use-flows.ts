import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '@/services/http';
import { createFlow, deleteFlow, duplicateFlow, listFlows, type FlowList } from '@/services/flows';
import { flowKeys, newDraft } from '../lib/query-keys';

const PAGE_SIZE = 20;

/** GET /v1/flows for a product, paged by cursor ('1' first); a new search starts at page 1. */
export function useFlows(brandId: number, search: string) {
  return useInfiniteQuery<FlowList, ApiError>({
    queryKey: flowKeys.list({ brand_id: brandId, search }),
    queryFn: ({ pageParam, signal }) =>
      listFlows(
        {
          brand_id: brandId,
          search: search || undefined,
          cursor: pageParam as string,
          limit: PAGE_SIZE,
        },
        signal,
      ),
    initialPageParam: '1',
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Each change to the list refreshes every list of the product. */
function useListMutation<T, V>(fn: (v: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation<T, ApiError, V>({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: flowKeys.lists() }),
  });
}

export const useCreateFlow = () =>
  useListMutation((brandId: number) => createFlow(newDraft(brandId)));
export const useDuplicateFlow = () => useListMutation((id: number) => duplicateFlow(id));
export const useDeleteFlow = () => useListMutation((id: number) => deleteFlow(id));
