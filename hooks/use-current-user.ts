import { useQuery } from '@tanstack/react-query';
import { getMe } from '@/api/users';
import { userKeys } from './query-keys';
import { useToken } from './use-token';

/** The signed-in user (GET /v1/users/me); idle without a stored token. */
export function useCurrentUser() {
  const token = useToken();
  return useQuery({
    queryKey: userKeys.profile,
    queryFn: ({ signal }) => getMe(signal),
    enabled: Boolean(token),
  });
}
