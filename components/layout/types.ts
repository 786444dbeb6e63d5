import type { NextPage } from 'next';
import type { ReactElement, ReactNode } from 'react';

/** A page may bring its own layout; otherwise _app uses the route table's shell. */
export type NextPageWithLayout<P = object> = NextPage<P> & {
  getLayout?: (page: ReactElement) => ReactNode;
};
