import { QueryClientProvider } from '@tanstack/react-query';
import Router from 'next/router';
import { useEffect, useState, type ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { TOAST_DURATION_MS } from '@/lib/constants';
import { publicEnv } from '@/lib/public-env';
import { PageSpinner } from '@/components/layout/spinner';
import { FeatureFlagsProvider } from '@/components/providers/feature-flags-provider';
import { createQueryClient } from '@/components/providers/query-client';
import { SocketProvider } from '@/components/providers/socket-provider';
import { useCartLifecycle } from '@/hooks/use-cart-lifecycle';
import { setAuthRedirect } from '@/api/http';

// Trips to /sign-in go through the router; while one is under way, later requests are ignored.
let leavingForSignIn = false;
setAuthRedirect((path) => {
  if (leavingForSignIn) return;
  leavingForSignIn = true;
  void Router.replace(path).finally(() => {
    leavingForSignIn = false;
  });
});

const MOCKING = publicEnv.apiMocking();
let mockWorker: Promise<void> | null = null;

function startMockWorker(): Promise<void> {
  // `@mock-api` is the MSW worker only in `npm run dev:mock` builds (next.config.ts); elsewhere
  // an empty module, so no test code reaches a production chunk.
  if (publicEnv.apiMocking()) {
    return import('@mock-api').then((m) => m.startMockWorker());
  }
  return Promise.resolve();
}

/** `npm run dev:mock`: start the MSW worker before anything calls the API. */
function useMockApi(): boolean {
  const [ready, setReady] = useState(!MOCKING);
  useEffect(() => {
    if (!MOCKING) return;
    let active = true;
    mockWorker ??= startMockWorker();
    void mockWorker.then(() => active && setReady(true));
    return () => {
      active = false;
    };
  }, []);
  return ready;
}

/**
 * Everything the app runs once around its pages (docs/architecture.md#4-dashboard-conventions):
 * the React Query cache, the mock API of `npm run dev:mock` (a spinner until it is up), the
 * realtime connection, feature flags, toasts, the cart's lifecycle and the trip to /sign-in when
 * the API answers 401. `pages/_app.tsx` puts the page and its features inside.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const mockReady = useMockApi();
  useCartLifecycle();
  return (
    <QueryClientProvider client={queryClient}>
      {mockReady ? (
        <SocketProvider>
          <FeatureFlagsProvider>{children}</FeatureFlagsProvider>
        </SocketProvider>
      ) : (
        <PageSpinner />
      )}
      <ToastContainer
        position="top-right"
        autoClose={TOAST_DURATION_MS}
        theme="colored"
        newestOnTop
      />
    </QueryClientProvider>
  );
}
