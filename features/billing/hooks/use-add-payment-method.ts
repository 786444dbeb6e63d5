import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userKeys } from '@/hooks/query-keys';
import type { MutationCallbacks } from '@/hooks/types';
import type { AddPaymentMethodBody, PaymentMethod } from '@/lib/contracts/payments';
import type { ApiError } from '@/api/http';
import { addPaymentMethod } from '@/api/payments';

/** POST /v1/users/me/payment-methods; refreshes the card list. */
export function useAddPaymentMethod(
  callbacks: MutationCallbacks<PaymentMethod, AddPaymentMethodBody> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<PaymentMethod, ApiError, AddPaymentMethodBody>({
    mutationFn: addPaymentMethod,
    onSuccess: async (card, body) => {
      await queryClient.invalidateQueries({ queryKey: userKeys.paymentMethods });
      callbacks.onSuccess?.(card, body);
    },
    onError: (error, body) => callbacks.onError?.(error, body),
  });
}
