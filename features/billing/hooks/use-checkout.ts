import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userKeys } from '@/hooks/query-keys';
import type { MutationCallbacks } from '@/hooks/types';
import type { CheckoutKind } from '@/lib/billing';
import type { CheckoutBody, CheckoutResult } from '@/lib/contracts/payments';
import type { ApiError } from '@/api/http';
import { checkOut, upgrade } from '@/api/payments';

export interface CheckoutVariables {
  kind: CheckoutKind;
  body: CheckoutBody;
}

/**
 * POST /v1/payments/check-out, or /v1/payments/upgrade when upgrading
 * (docs/product/entities.md#checkout-kind).
 */
export function useCheckout(callbacks: MutationCallbacks<CheckoutResult, CheckoutVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation<CheckoutResult, ApiError, CheckoutVariables>({
    mutationFn: ({ kind, body }) => (kind === 'upgrade' ? upgrade(body) : checkOut(body)),
    onSuccess: (result, variables) => {
      queryClient.setQueryData(userKeys.payment(result.payment.id), result.payment);
      callbacks.onSuccess?.(result, variables);
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
