import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerifiedSession, VerifyEmailBody } from '@/lib/contracts/auth';
import { userKeys } from '@/hooks/query-keys';
import type { MutationCallbacks } from '@/hooks/types';
import { verifyEmail } from '@/api/auth';
import type { ApiError } from '@/api/http';
import { setToken } from '@/api/token';
import { rememberEmail } from '../lib/remembered-email';

/**
 * POST /v1/auth/verify-email: verifying signs the person in, so on success the token is stored,
 * the e-mail remembered and the user cache primed, as after a sign-in.
 */
export function useVerifyEmail(
  callbacks: MutationCallbacks<VerifiedSession, VerifyEmailBody> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<VerifiedSession, ApiError, VerifyEmailBody>({
    mutationFn: verifyEmail,
    onSuccess: (session, variables) => {
      // Nothing cached for a previous account may leak into this session.
      queryClient.removeQueries();
      setToken(session.token);
      rememberEmail(session.user.email);
      queryClient.setQueryData(userKeys.profile, session.user);
      callbacks.onSuccess?.(session, variables);
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
