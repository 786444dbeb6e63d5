import { useMutation } from '@tanstack/react-query';
import type { VerifyEmailBody } from '@/lib/contracts/auth';
import type { MutationCallbacks } from '@/hooks/types';
import { verifyEmail, type MessageResult } from '@/services/auth';
import type { ApiError } from '@/services/http';

/** POST /v1/auth/verify-email. */
export function useVerifyEmail(callbacks: MutationCallbacks<MessageResult, VerifyEmailBody> = {}) {
  return useMutation<MessageResult, ApiError, VerifyEmailBody>({
    mutationFn: verifyEmail,
    onSuccess: (data, variables) => callbacks.onSuccess?.(data, variables),
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
