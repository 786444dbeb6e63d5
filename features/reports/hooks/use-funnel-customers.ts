import { useQuery } from '@tanstack/react-query';
import type { FunnelCustomer, FunnelCustomersQuery } from '@/lib/contracts/reports';
import type { ApiError } from '@/api/http';
import { funnelCustomers } from '@/api/reports';
import { reportKeys } from '../lib/query-keys';

/** Who converted at, or dropped before, one funnel step; nothing is asked while `query` is null. */
export function useFunnelCustomers(query: FunnelCustomersQuery | null) {
  return useQuery<FunnelCustomer[], ApiError>({
    queryKey: reportKeys.funnelCustomers(query ?? {}),
    queryFn: async ({ signal }) =>
      (await funnelCustomers(query as FunnelCustomersQuery, signal)).customers,
    enabled: query !== null,
  });
}
