import { formatCount } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { useProfiles } from '../hooks/use-profiles';
import type { ProfileListKey } from '../lib/query-keys';
import { ProfilesEmptyState } from './profiles-empty-state';
import { ProfilesSkeleton } from './profiles-skeleton';
import { ProfilesTable } from './profiles-table';
import { RetryAlert } from '@/components/ui/retry-alert';

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
      <ProfilesTable profiles={profiles} sortOrder={params.sortOrder ?? 'desc'} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="text-sm text-slate-500">
          Showing {profiles.length} of {formatCount(total)} customers
        </p>
        {query.hasNextPage ? (
          <Button
            variant="secondary"
            size="sm"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            Load more
          </Button>
        ) : null}
      </div>
    </div>
  );
}
