import { useMutation } from '@tanstack/react-query';
import type { EmailOnlyBody } from '@/lib/contracts/auth';
import type { MutationCallbacks } from '@/hooks/types';
import { forgotPassword, type MessageResult } from '@/api/auth';
import type { ApiError } from '@/api/http';

/** POST /v1/auth/forgot-password. */
export function useForgotPassword(callbacks: MutationCallbacks<MessageResult, EmailOnlyBody> = {}) {
  return useMutation<MessageResult, ApiError, EmailOnlyBody>({
    mutationFn: forgotPassword,
    onSuccess: (data, variables) => callbacks.onSuccess?.(data, variables),
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
