import { useQuery } from '@tanstack/react-query';
import { getProfile } from '@/api/customer-profiles';
import { isApiError } from '@/api/http';
import { profileKeys } from '../lib/query-keys';

/** GET /v1/customer-profiles/{id}; a 404 is an answer, not worth a retry. */
export function useProfile(id: number | null) {
  return useQuery({
    queryKey: profileKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getProfile(id as number, signal),
    enabled: id !== null,
    retry: (failures, error) => !(isApiError(error) && error.status === 404) && failures < 1,
  });
}
