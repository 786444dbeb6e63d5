import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userKeys } from '@/hooks/query-keys';
import type { ApiError } from '@/api/http';
import type { MessageResult } from '@/api/auth';
import { getSessions, revokeOtherSessions, revokeSession } from '@/api/users';

/** GET /v1/users/me/sessions. */
export function useSessions() {
  return useQuery({
    queryKey: userKeys.sessions,
    queryFn: ({ signal }) => getSessions(signal),
    staleTime: 0,
  });
}

/** DELETE /v1/users/me/sessions/{id} (a number) or POST …/sign-out-others ('others'). */
export function useRevokeSessions() {
  const queryClient = useQueryClient();
  return useMutation<MessageResult, ApiError, number | 'others'>({
    mutationFn: (target) => (target === 'others' ? revokeOtherSessions() : revokeSession(target)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.sessions }),
  });
}
