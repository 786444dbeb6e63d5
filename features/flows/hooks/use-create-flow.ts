import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Flow } from '@/lib/contracts/flows';
import type { MutationCallbacks } from '@/hooks/types';
import { createFlow } from '@/services/flows';
import type { ApiError } from '@/services/http';
import { newDraft } from '../lib/new-draft';
import { flowKeys } from '../lib/query-keys';

/** POST /v1/flows with an empty draft of the product (`brandId`); refreshes the lists. */
export function useCreateFlow(callbacks: MutationCallbacks<Flow, number> = {}) {
  const queryClient = useQueryClient();
  return useMutation<Flow, ApiError, number>({
    mutationFn: (brandId) => createFlow(newDraft(brandId)),
    onSuccess: async (flow, brandId) => {
      await queryClient.invalidateQueries({ queryKey: flowKeys.lists() });
      callbacks.onSuccess?.(flow, brandId);
    },
    onError: (error, brandId) => callbacks.onError?.(error, brandId),
  });
}
