import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { userKeys } from '@/hooks/query-keys';
import { useToken } from '@/hooks/use-token';
import { PAYMENT_HISTORY_PAGE_SIZE, PAYMENT_HISTORY_STALE_TIME_MS } from '@/lib/billing';
import { getPaymentHistory } from '@/api/payments';

/**
 * One page of paid payments, newest first (docs/product/api.md#user-subscription-and-payments:
 * limit 5, status paid, sort created_at desc), cached 5 minutes
 * (docs/product/constants.md#timing-paging-and-caches); a PAYMENT_STATUS push invalidates it.
 */
export function usePaymentHistory(page: number) {
  const token = useToken();
  const offset = Math.max(0, page - 1) * PAYMENT_HISTORY_PAGE_SIZE;
  return useQuery({
    queryKey: userKeys.paymentHistory(offset),
    queryFn: ({ signal }) =>
      getPaymentHistory(
        {
          offset,
          limit: PAYMENT_HISTORY_PAGE_SIZE,
          status: 'paid',
          sort_by: 'created_at',
          sort_order: 'desc',
        },
        signal,
      ),
    enabled: Boolean(token),
    staleTime: PAYMENT_HISTORY_STALE_TIME_MS,
    placeholderData: keepPreviousData,
  });
}
