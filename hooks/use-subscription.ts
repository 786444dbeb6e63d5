import { useQuery } from '@tanstack/react-query';
import { getSubscription } from '@/services/users';
import { userKeys } from './query-keys';
import { useToken } from './use-token';

/** Subscription data goes stale after one second (spec 9). */
const SUBSCRIPTION_STALE_TIME_MS = 1000;

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
