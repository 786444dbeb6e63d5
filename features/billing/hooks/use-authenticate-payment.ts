import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userKeys } from '@/hooks/query-keys';
import type { Payment } from '@/lib/contracts/payments';
import type { ApiError } from '@/api/http';
import { authenticatePayment } from '@/api/payments';

/** The card holder's answer to the authentication request (local provider's dialog). */
export function useAuthenticatePayment() {
  const queryClient = useQueryClient();
  return useMutation<Payment, ApiError, { id: number; approved: boolean }>({
    mutationFn: ({ id, approved }) => authenticatePayment(id, approved),
    onSuccess: (payment) => {
      // Never overwrite a status the socket already settled with an older "pending".
      queryClient.setQueryData<Payment>(userKeys.payment(payment.id), (old) =>
        old && (old.status === 'paid' || old.status === 'failed') ? old : payment,
      );
    },
  });
}
