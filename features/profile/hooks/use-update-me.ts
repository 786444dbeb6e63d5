import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateMeBody, User } from '@/lib/contracts/auth';
import { userKeys } from '@/hooks/query-keys';
import type { MutationCallbacks } from '@/hooks/types';
import type { ApiError } from '@/api/http';
import { updateMe } from '@/api/users';

/** PUT /v1/users/me; the header's user menu picks up the new name and avatar at once. */
export function useUpdateMe(callbacks: MutationCallbacks<User, UpdateMeBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation<User, ApiError, UpdateMeBody>({
    mutationFn: updateMe,
    onSuccess: (user, variables) => {
      queryClient.setQueryData(userKeys.profile, user);
      callbacks.onSuccess?.(user, variables);
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
