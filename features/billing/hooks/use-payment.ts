import { useQuery } from '@tanstack/react-query';
import { userKeys } from '@/hooks/query-keys';
import type { PaymentState } from '@/lib/contracts/payments';
import { getPayment } from '@/api/payments';
import { PAYMENT_POLL_MS } from '../lib/billing-constants';

const SETTLED: readonly PaymentState[] = ['paid', 'failed'];

/**
 * One payment while /checkout waits for it. PAYMENT_STATUS pushes write into this query (socket
 * provider); a slow poll covers a push lost to a reconnect.
 */
export function usePayment(id: number | null) {
  return useQuery({
    queryKey: userKeys.payment(id ?? 0),
    queryFn: ({ signal }) => getPayment(id as number, signal),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status && SETTLED.includes(status) ? false : PAYMENT_POLL_MS;
    },
  });
}
