import { useMutation } from '@tanstack/react-query';
import type { SignUpBody } from '@/lib/contracts/auth';
import type { MutationCallbacks } from '@/hooks/types';
import { signUp, type SignUpResult } from '@/api/auth';
import type { ApiError } from '@/api/http';

/** POST /v1/auth/sign-up. */
export function useSignUp(callbacks: MutationCallbacks<SignUpResult, SignUpBody> = {}) {
  return useMutation<SignUpResult, ApiError, SignUpBody>({
    mutationFn: signUp,
    onSuccess: (data, variables) => callbacks.onSuccess?.(data, variables),
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
