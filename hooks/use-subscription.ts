import { useQuery } from '@tanstack/react-query';
import { SUBSCRIPTION_STALE_TIME_MS } from '@/lib/billing';
import { getSubscription } from '@/api/users';
import { userKeys } from './query-keys';
import { useToken } from './use-token';

/** The signed-in user's subscription (GET /v1/users/me/subscription). */
export function useSubscription() {
  const token = useToken();
  return useQuery({
    queryKey: userKeys.subscription,
    queryFn: ({ signal }) => getSubscription(signal),
    enabled: Boolean(token),
    staleTime: SUBSCRIPTION_STALE_TIME_MS,
  });
}
