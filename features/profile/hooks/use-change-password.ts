import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@/lib/contracts/auth';
import type { MutationCallbacks } from '@/hooks/types';
import type { MessageResult } from '@/api/auth';
import type { ApiError } from '@/api/http';
import { changePassword } from '@/api/users';

/** PUT /v1/users/me/password. */
export function useChangePassword(
  callbacks: MutationCallbacks<MessageResult, ChangePasswordBody> = {},
) {
  return useMutation<MessageResult, ApiError, ChangePasswordBody>({
    mutationFn: changePassword,
    onSuccess: (data, variables) => callbacks.onSuccess?.(data, variables),
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
