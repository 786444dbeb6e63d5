import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Flow, FlowBody } from '@/lib/contracts/flows';
import type { MutationCallbacks } from '@/hooks/types';
import { createFlow, updateFlow } from '@/api/flows';
import type { ApiError } from '@/api/http';
import { flowKeys } from '../lib/query-keys';

/** What a save sends: the flow's id (null for a new flow) and its whole body. */
export interface SaveFlowVariables {
  id: number | null;
  body: FlowBody;
}

/** PUT /v1/flows/{id} (POST for a new flow); refreshes the lists and the stored copy. */
export function useSaveFlow(callbacks: MutationCallbacks<Flow, SaveFlowVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation<Flow, ApiError, SaveFlowVariables>({
    mutationFn: ({ id, body }) => (id === null ? createFlow(body) : updateFlow(id, body)),
    onSuccess: async (flow, variables) => {
      queryClient.setQueryData(flowKeys.detail(flow.id), flow);
      await queryClient.invalidateQueries({ queryKey: flowKeys.lists() });
      callbacks.onSuccess?.(flow, variables);
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
