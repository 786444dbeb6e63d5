import { useMutation } from '@tanstack/react-query';
import type { EmailOnlyBody } from '@/lib/contracts/auth';
import type { MutationCallbacks } from '@/hooks/types';
import { resendVerification, type MessageResult } from '@/api/auth';
import type { ApiError } from '@/api/http';

/** POST /v1/auth/resend-verification. */
export function useResendVerification(
  callbacks: MutationCallbacks<MessageResult, EmailOnlyBody> = {},
) {
  return useMutation<MessageResult, ApiError, EmailOnlyBody>({
    mutationFn: resendVerification,
    onSuccess: (data, variables) => callbacks.onSuccess?.(data, variables),
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
