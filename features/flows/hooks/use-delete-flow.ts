import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '@/hooks/types';
import { deleteFlow, type FlowListItem } from '@/api/flows';
import type { ApiError } from '@/api/http';
import { flowKeys } from '../lib/query-keys';

/**
 * DELETE /v1/flows/{id}; refreshes the lists. A cached editor copy is only marked stale (a
 * refetch now would report the deleted tour as an error).
 */
type Doomed = Pick<FlowListItem, 'id' | 'name'>;

export function useDeleteFlow(callbacks: MutationCallbacks<{ message: string }, Doomed> = {}) {
  const queryClient = useQueryClient();
  return useMutation<{ message: string }, ApiError, Doomed>({
    mutationFn: (flow) => deleteFlow(flow.id),
    onSuccess: async (result, flow) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: flowKeys.detail(flow.id), refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: flowKeys.lists() }),
      ]);
      callbacks.onSuccess?.(result, flow);
    },
    onError: (error, flow) => callbacks.onError?.(error, flow),
  });
}
