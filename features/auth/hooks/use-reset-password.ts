import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody } from '@/lib/contracts/auth';
import type { MutationCallbacks } from '@/hooks/types';
import { resetPassword, type MessageResult } from '@/api/auth';
import type { ApiError } from '@/api/http';

/** POST /v1/auth/reset-password. */
export function useResetPassword(
  callbacks: MutationCallbacks<MessageResult, ResetPasswordBody> = {},
) {
  return useMutation<MessageResult, ApiError, ResetPasswordBody>({
    mutationFn: resetPassword,
    onSuccess: (data, variables) => callbacks.onSuccess?.(data, variables),
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
