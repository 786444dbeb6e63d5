import Link from 'next/link';
import { useState } from 'react';
import type { AttributeCondition } from '@/lib/conditions';
import { paths } from '@/lib/paths';
import { PageHeader } from '@/components/list/page-header';
import { NoBrandState } from '@/components/no-brand-state';
import { buttonClasses } from '@/components/ui/button';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useCurrentBrandId } from '../hooks/use-current-brand-id';
import type { ConditionOperator } from '../lib/condition-filter';
import { ConditionFilter } from './condition-filter';
import { ProfilesResults } from './profiles-results';
import { ProfilesToolbar, type SortOrder } from './profiles-toolbar';

/** /customer-profiles (Customer Profiles): the current product's customers. */
export function ProfilesView() {
  const brandId = useCurrentBrandId();
  return (
    <section aria-labelledby="profiles-heading">
      <PageHeader
        id="profiles-heading"
        title="Customers"
        description="Everyone identified on your website, most recently seen first."
        actions={
          <nav aria-label="Customer attributes" className="flex gap-2">
            <Link href={paths.metadata()} className={buttonClasses('secondary', 'sm')}>
              Metadata attributes
            </Link>
            <Link href={paths.dataAttributes()} className={buttonClasses('secondary', 'sm')}>
              Data attributes
            </Link>
          </nav>
        }
      />
      {/* Keyed by brand: switching product starts from a clean search and filter. */}
      {brandId === null ? <NoBrandState /> : <ProfilesBrowser key={brandId} brandId={brandId} />}
    </section>
  );
}

interface AppliedFilter {
  conditions: AttributeCondition[];
  operator: ConditionOperator;
}

function ProfilesBrowser({ brandId }: { brandId: number }) {
  const [search, setSearch] = useState('');
  const [sortOrder, setSortOrder] = useState<SortOrder>('desc');
  const [filter, setFilter] = useState<AppliedFilter>({ conditions: [], operator: 'AND' });
  const debouncedSearch = useDebouncedValue(search.trim());

  return (
    <div className="flex flex-col gap-4">
      <ProfilesToolbar
        search={search}
        onSearchChange={setSearch}
        sortOrder={sortOrder}
        onSortOrderChange={setSortOrder}
      />
      <ConditionFilter
        brandId={brandId}
        onApply={(conditions, operator) => setFilter({ conditions, operator })}
      />
      <ProfilesResults
        params={{
          brand_id: brandId,
          search: debouncedSearch || undefined,
          sort_order: sortOrder,
          conditions: filter.conditions.length > 0 ? filter.conditions : undefined,
          condition_operator: filter.conditions.length > 0 ? filter.operator : undefined,
        }}
      />
    </div>
  );
}
