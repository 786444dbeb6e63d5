import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/router';
import { useEffect, type ReactNode } from 'react';
import type { RouteDef } from '@/lib/routes';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { userKeys } from '@/hooks/query-keys';
import { useCurrentUser } from '@/hooks/use-current-user';
import { useIsClient } from '@/hooks/use-is-client';
import { useToken } from '@/hooks/use-token';
import { errorMessage, redirectToSignIn, signInPathFor } from '@/api/http';
import { getToken } from '@/api/token';
import { PageSpinner } from './spinner';

/**
 * Refetches the current user after every client-side navigation
 * (docs/product/screens.md#22-layout-and-session-rules).
 */
function useRefetchUserOnNavigation(): void {
  const router = useRouter();
  const queryClient = useQueryClient();
  useEffect(() => {
    const onDone = () => {
      if (getToken()) void queryClient.invalidateQueries({ queryKey: userKeys.profile });
    };
    router.events.on('routeChangeComplete', onDone);
    return () => router.events.off('routeChangeComplete', onDone);
  }, [router.events, queryClient]);
}

/**
 * Session rules (docs/product/screens.md#22-layout-and-session-rules): protected pages need a
 * stored token (else /sign-in) and wait for the current user behind a spinner. Public pages render
 * straight away.
 */
export function AuthGuard({ route, children }: { route: RouteDef; children: ReactNode }) {
  const router = useRouter();
  const isClient = useIsClient();
  const token = useToken();
  const user = useCurrentUser();
  useRefetchUserOnNavigation();

  const mustSignIn = isClient && !route.public && !token;
  useEffect(() => {
    if (mustSignIn) redirectToSignIn(signInPathFor(router.asPath));
  }, [mustSignIn, router]);

  if (route.public) return <>{children}</>;
  if (!isClient || !token || user.isPending) return <PageSpinner />;
  if (user.isError) {
    return (
      <div className="flex min-h-screen items-center justify-center p-6">
        <div className="flex max-w-sm flex-col items-center gap-4 text-center">
          <FormAlert>{errorMessage(user.error)}</FormAlert>
          <Button onClick={() => void user.refetch()}>Try again</Button>
        </div>
      </div>
    );
  }
  return <>{children}</>;
}
