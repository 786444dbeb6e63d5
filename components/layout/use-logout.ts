import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { paths } from '@/lib/paths';
import { useSocket } from '@/components/providers/socket-provider';
import { signOut } from '@/api/auth';
import { redirectToSignIn } from '@/api/http';
import { clearToken, getToken } from '@/api/token';

/**
 * Logout (docs/product/screens.md#22-layout-and-session-rules): revoke the session on the server
 * (best effort), drop the realtime connection, the token and every cached query, then go to
 * /sign-in.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const { close } = useSocket();

  return useCallback(async () => {
    if (getToken()) {
      try {
        await signOut();
      } catch {
        // The session may already be gone; logging out locally is what matters.
      }
    }
    close();
    clearToken();
    queryClient.clear();
    // Asked before the guard notices the missing token, so the plain /sign-in wins.
    redirectToSignIn(paths.signIn());
  }, [queryClient, close]);
}
