import { useQuery } from '@tanstack/react-query';
import { planKeys } from '@/hooks/query-keys';
import { listAvailablePlans, listPlans } from '@/api/plans';
import { ADD_ON_FETCH_LIMIT, PLANS_STALE_TIME_MS } from '@/lib/billing';

/**
 * GET /v1/plans/available-plan, sorted by order_number (cached 5 minutes,
 * docs/product/constants.md#timing-paging-and-caches).
 */
export function useAvailablePlans() {
  return useQuery({
    queryKey: planKeys.available,
    queryFn: ({ signal }) => listAvailablePlans(signal),
    staleTime: PLANS_STALE_TIME_MS,
    select: (plans) => [...plans].sort((a, b) => a.order_number - b.order_number),
  });
}

/** The MAU add-on of the catalogue: GET /v1/plans?offset=0&limit=20&type=ADD_IN. */
export function useAddOnPlan() {
  return useQuery({
    queryKey: planKeys.addOns,
    queryFn: ({ signal }) =>
      listPlans({ offset: 0, limit: ADD_ON_FETCH_LIMIT, type: 'ADD_IN' }, signal),
    staleTime: PLANS_STALE_TIME_MS,
    select: (page) => page.data[0] ?? null,
  });
}
