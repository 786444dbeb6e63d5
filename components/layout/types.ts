import type { NextPage } from 'next';
import type { ReactElement, ReactNode } from 'react';

/** A page may bring its own layout; otherwise _app uses the route table's shell. */
export type NextPageWithLayout<P = object> = NextPage<P> & {
  getLayout?: (page: ReactElement) => ReactNode;
  /** Replaces the header's back arrow and breadcrumb (the flow editor's title and actions). */
  renderHeader?: () => ReactNode;
};
