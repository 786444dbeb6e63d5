import { useQuery } from '@tanstack/react-query';
import { planKeys } from '@/hooks/query-keys';
import { getPaymentsConfig } from '@/api/payments';

/** Which card form to show: the local form, or Stripe Elements with the publishable key. */
export function usePaymentsConfig() {
  return useQuery({
    queryKey: planKeys.paymentsConfig,
    queryFn: ({ signal }) => getPaymentsConfig(signal),
    staleTime: Infinity,
  });
}
