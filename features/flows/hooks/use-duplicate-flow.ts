import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Flow } from '@/lib/contracts/flows';
import type { MutationCallbacks } from '@/hooks/types';
import { duplicateFlow } from '@/api/flows';
import type { ApiError } from '@/api/http';
import type { FlowListItem } from '@/api/flows';
import { flowKeys } from '../lib/query-keys';

/** POST /v1/flows/{id}/duplicate; refreshes the lists so the copy shows. */
export function useDuplicateFlow(callbacks: MutationCallbacks<Flow, FlowListItem> = {}) {
  const queryClient = useQueryClient();
  return useMutation<Flow, ApiError, FlowListItem>({
    mutationFn: (flow) => duplicateFlow(flow.id),
    onSuccess: async (copy, flow) => {
      await queryClient.invalidateQueries({ queryKey: flowKeys.lists() });
      callbacks.onSuccess?.(copy, flow);
    },
    onError: (error, flow) => callbacks.onError?.(error, flow),
  });
}
