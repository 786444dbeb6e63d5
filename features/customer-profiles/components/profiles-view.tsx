import Link from 'next/link';
import { useState } from 'react';
import type { AttributeCondition } from '@/lib/conditions';
import { paths } from '@/lib/paths';
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
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="profiles-heading" className="text-lg font-semibold text-slate-900">
            Customers
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Everyone identified on your website, most recently seen first.
          </p>
        </div>
        <nav aria-label="Customer attributes" className="flex gap-2">
          <Link href={paths.metadata()} className={buttonClasses('secondary', 'sm')}>
            Metadata attributes
          </Link>
          <Link href={paths.dataAttributes()} className={buttonClasses('secondary', 'sm')}>
            Data attributes
          </Link>
        </nav>
      </div>
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
          brandId,
          search: debouncedSearch || undefined,
          sortOrder,
          conditions: filter.conditions.length > 0 ? filter.conditions : undefined,
          conditionOperator: filter.conditions.length > 0 ? filter.operator : undefined,
        }}
      />
    </div>
  );
}
