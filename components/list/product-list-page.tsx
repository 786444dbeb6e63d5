import { Fragment, type ReactNode } from 'react';
import { NoBrandState } from '@/components/no-brand-state';
import { useBrandStore } from '@/stores/brand';
import { PageHeader, type PageHeaderProps } from './page-header';

export interface ProductListPageProps extends PageHeaderProps {
  /** The list of the current product; rendered afresh (a clean search) when the product changes. */
  children: (brandId: number) => ReactNode;
}

/**
 * A list page of the current product's things (segments, tours, short links): the header, its
 * actions only once a product is chosen, and without one the way to Product Tracking.
 */
export function ProductListPage({ id, actions, children, ...header }: ProductListPageProps) {
  const brandId = useBrandStore((s) => s.brandId);
  return (
    <section aria-labelledby={id}>
      <PageHeader id={id} {...header} actions={brandId !== null ? actions : null} />
      {brandId === null ? (
        <NoBrandState title="No tracked product" />
      ) : (
        <Fragment key={brandId}>{children(brandId)}</Fragment>
      )}
    </section>
  );
}
