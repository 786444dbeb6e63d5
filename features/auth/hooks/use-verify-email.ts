import { useMutation } from '@tanstack/react-query';
import type { MutationCallbacks } from '@/hooks/types';
import { verifyEmail, type MessageResult } from '@/services/auth';
import type { ApiError } from '@/services/http';

/** POST /v1/auth/verify-email. */
export function useVerifyEmail(
  callbacks: MutationCallbacks<MessageResult, { token: string }> = {},
) {
  return useMutation<MessageResult, ApiError, { token: string }>({
    mutationFn: verifyEmail,
    onSuccess: (data, variables) => callbacks.onSuccess?.(data, variables),
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
