import '@/styles/globals.css';
import { QueryClientProvider } from '@tanstack/react-query';
import type { AppProps } from 'next/app';
import Head from 'next/head';
import Router, { useRouter } from 'next/router';
import { useEffect, useState, type ReactElement } from 'react';
import { ToastContainer } from 'react-toastify';
import { APP_NAME, TOAST_DURATION_MS } from '@/lib/constants';
import { documentTitle, routeFor } from '@/lib/routes';
import { AuthGuard } from '@/components/layout/auth-guard';
import { PageLayout } from '@/components/layout/page-layout';
import type { SidebarSlotState } from '@/components/layout/sidebar';
import { PageSpinner } from '@/components/layout/spinner';
import type { NextPageWithLayout } from '@/components/layout/types';
import { FeatureFlagsProvider } from '@/components/providers/feature-flags-provider';
import { createQueryClient } from '@/components/providers/query-client';
import { SocketProvider } from '@/components/providers/socket-provider';
import { BrandSwitcher } from '@/features/brands/components/brand-switcher';
import { UsageLimitWatcher } from '@/features/billing/components/usage-limit-watcher';
import { TestModeBadge } from '@/features/billing/components/test-mode-badge';
import { useCartLifecycle } from '@/hooks/use-cart-lifecycle';
import { setAuthRedirect } from '@/api/http';

type AppPropsWithLayout = AppProps & { Component: NextPageWithLayout };

// Trips to /sign-in go through the router; while one is under way, later requests are ignored.
let leavingForSignIn = false;
setAuthRedirect((path) => {
  if (leavingForSignIn) return;
  leavingForSignIn = true;
  void Router.replace(path).finally(() => {
    leavingForSignIn = false;
  });
});

const MOCKING = process.env.NEXT_PUBLIC_API_MOCKING === 'enabled';
let mockWorker: Promise<void> | null = null;

function startMockWorker(): Promise<void> {
  // `@mock-api` is the MSW worker only in `npm run dev:mock` builds (next.config.ts); elsewhere
  // an empty module, so no test code reaches a production chunk.
  if (process.env.NEXT_PUBLIC_API_MOCKING === 'enabled') {
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

// The brand switcher is a feature; the shell only offers the slot, the app fills it.
const renderSidebarExtra = ({ minimized }: SidebarSlotState) => (
  <BrandSwitcher minimized={minimized} />
);

export default function App({ Component, pageProps }: AppPropsWithLayout) {
  const router = useRouter();
  const [queryClient] = useState(createQueryClient);
  const mockReady = useMockApi();
  useCartLifecycle();
  const route = routeFor(router.pathname);
  const getLayout =
    Component.getLayout ??
    ((page: ReactElement) => (
      <PageLayout
        route={route}
        renderSidebarExtra={renderSidebarExtra}
        headerSlot={Component.renderHeader?.()}
      >
        {page}
      </PageLayout>
    ));

  return (
    <QueryClientProvider client={queryClient}>
      <Head>
        <title>{documentTitle(APP_NAME, route)}</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      {mockReady ? (
        <SocketProvider>
          <FeatureFlagsProvider>
            <AuthGuard route={route}>
              {getLayout(<Component {...pageProps} />)}
              {/* AuthGuard renders protected pages only once the user is signed in and known. */}
              {route.public ? null : <UsageLimitWatcher />}
            </AuthGuard>
            <TestModeBadge />
          </FeatureFlagsProvider>
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
