import '@/styles/globals.css';
import type { AppProps } from 'next/app';
import Head from 'next/head';
import { useRouter } from 'next/router';
import type { ReactElement } from 'react';
import { APP_NAME } from '@/lib/constants';
import { documentTitle, routeFor } from '@/lib/routes';
import { AuthGuard } from '@/components/layout/auth-guard';
import { PageLayout } from '@/components/layout/page-layout';
import type { SidebarSlotState } from '@/components/layout/sidebar';
import type { NextPageWithLayout } from '@/components/layout/types';
import { AppProviders } from '@/components/providers/app-providers';
import { BrandSwitcher } from '@/features/brands/components/brand-switcher';
import { UsageLimitWatcher } from '@/features/billing/components/usage-limit-watcher';
import { TestModeBadge } from '@/features/billing/components/test-mode-badge';

type AppPropsWithLayout = AppProps & { Component: NextPageWithLayout };

// The brand switcher is a feature; the shell only offers the slot, the app fills it.
const renderSidebarExtra = ({ minimized }: SidebarSlotState) => (
  <BrandSwitcher minimized={minimized} />
);

/** The app composes the providers (components/providers), the shell and the features. */
export default function App({ Component, pageProps }: AppPropsWithLayout) {
  const router = useRouter();
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
    <>
      <Head>
        <title>{documentTitle(APP_NAME, route)}</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      <AppProviders>
        <AuthGuard route={route}>
          {getLayout(<Component {...pageProps} />)}
          {/* AuthGuard renders protected pages only once the user is signed in and known. */}
          {route.public ? null : <UsageLimitWatcher />}
        </AuthGuard>
        <TestModeBadge />
      </AppProviders>
    </>
  );
}
