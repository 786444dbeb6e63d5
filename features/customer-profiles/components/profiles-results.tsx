import { ListFooter } from '@/components/list/list-footer';
import { FormAlert } from '@/components/ui/form-alert';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useProfiles } from '../hooks/use-profiles';
import type { ProfileListKey } from '../lib/query-keys';
import { ProfilesEmptyState } from './profiles-empty-state';
import { ProfilesSkeleton } from './profiles-skeleton';
import { ProfilesTable } from './profiles-table';

/** The list for one search/filter/sort: skeleton, error, empty states, rows and "Load more". */
export function ProfilesResults({ params }: { params: ProfileListKey }) {
  const query = useProfiles(params);
  const filtered = Boolean(params.search) || Boolean(params.conditions?.length);

  if (query.isPending) return <ProfilesSkeleton />;
  if (query.isError && !query.data) {
    return <RetryAlert message={query.error.message} onRetry={() => void query.refetch()} />;
  }

  const profiles = query.data.pages.flatMap((page) => page.data);
  const total = query.data.pages[0]?.total ?? 0;
  if (profiles.length === 0) return <ProfilesEmptyState filtered={filtered} />;

  return (
    <div aria-busy={query.isFetching || undefined} className="flex flex-col gap-3">
      {query.isError ? <FormAlert>{query.error.message}</FormAlert> : null}
      <ProfilesTable profiles={profiles} sortOrder={params.sort_order ?? 'desc'} />
      <ListFooter
        shown={profiles.length}
        total={total}
        // Every number says what it counts: the rows loaded, of the customers that match.
        noun={filtered ? 'customers matching the search and filters' : 'customers of this product'}
        hasMore={query.hasNextPage}
        loadingMore={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
      />
    </div>
  );
}
