import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Session, SignInBody } from '@/lib/contracts/auth';
import { userKeys } from '@/hooks/query-keys';
import type { MutationCallbacks } from '@/hooks/types';
import { signIn } from '@/api/auth';
import type { ApiError } from '@/api/http';
import { setToken } from '@/api/token';
import { rememberEmail } from '../lib/remembered-email';

/** POST /v1/auth/sign-in; on success stores the token, remembers the e-mail and primes the user cache. */
export function useSignIn(callbacks: MutationCallbacks<Session, SignInBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation<Session, ApiError, SignInBody>({
    mutationFn: signIn,
    onSuccess: (session, variables) => {
      // Nothing cached for a previous account may leak into this session.
      queryClient.removeQueries();
      setToken(session.token);
      rememberEmail(variables.email);
      queryClient.setQueryData(userKeys.profile, session.user);
      callbacks.onSuccess?.(session, variables);
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
