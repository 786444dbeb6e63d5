import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userKeys } from '@/hooks/query-keys';
import type { MutationCallbacks } from '@/hooks/types';
import type { ApiError } from '@/api/http';
import type { MessageResult } from '@/api/auth';
import { setDefaultPaymentMethod } from '@/api/payments';

/** PUT /v1/users/me/payment-methods/set-default/{id}. */
export function useSetDefaultPaymentMethod(
  callbacks: MutationCallbacks<MessageResult, number> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<MessageResult, ApiError, number>({
    mutationFn: setDefaultPaymentMethod,
    onSuccess: async (result, id) => {
      await queryClient.invalidateQueries({ queryKey: userKeys.paymentMethods });
      callbacks.onSuccess?.(result, id);
    },
    onError: (error, id) => callbacks.onError?.(error, id),
  });
}
