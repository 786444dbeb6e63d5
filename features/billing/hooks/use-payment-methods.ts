import { useQuery } from '@tanstack/react-query';
import { userKeys } from '@/hooks/query-keys';
import { useToken } from '@/hooks/use-token';
import { listPaymentMethods } from '@/api/payments';

/** GET /v1/users/me/payment-methods: saved cards, default first. */
export function usePaymentMethods() {
  const token = useToken();
  return useQuery({
    queryKey: userKeys.paymentMethods,
    queryFn: ({ signal }) => listPaymentMethods(signal),
    enabled: Boolean(token),
    select: (page) => page.data,
  });
}
