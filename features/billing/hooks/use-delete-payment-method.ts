import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userKeys } from '@/hooks/query-keys';
import type { MutationCallbacks } from '@/hooks/types';
import type { ApiError } from '@/api/http';
import type { MessageResult } from '@/api/auth';
import { deletePaymentMethod } from '@/api/payments';

/** DELETE /v1/users/me/payment-methods/{id}; the next card becomes the default on the server. */
export function useDeletePaymentMethod(callbacks: MutationCallbacks<MessageResult, number> = {}) {
  const queryClient = useQueryClient();
  return useMutation<MessageResult, ApiError, number>({
    mutationFn: deletePaymentMethod,
    onSuccess: async (result, id) => {
      await queryClient.invalidateQueries({ queryKey: userKeys.paymentMethods });
      callbacks.onSuccess?.(result, id);
    },
    onError: (error, id) => callbacks.onError?.(error, id),
  });
}
