import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userKeys } from '@/hooks/query-keys';
import type { MutationCallbacks } from '@/hooks/types';
import type { MessageResult } from '@/api/auth';
import type { ApiError } from '@/api/http';
import { keepPlan } from '@/api/payments';

/** POST /v1/payments/keep-plan; refreshes the subscription. */
export function useKeepPlan(callbacks: MutationCallbacks<MessageResult, void> = {}) {
  const queryClient = useQueryClient();
  return useMutation<MessageResult, ApiError, void>({
    mutationFn: keepPlan,
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: userKeys.subscription });
      callbacks.onSuccess?.(result, undefined);
    },
    onError: (error) => callbacks.onError?.(error, undefined),
  });
}
