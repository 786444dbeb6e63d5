import { MESSAGES } from '@/lib/messages';
import { PageHeader } from '@/components/list/page-header';
import { RetryAlert } from '@/components/ui/retry-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useBrandStore } from '@/stores/brand';
import { useHome } from '../hooks/use-home';
import { GettingStarted } from './getting-started';
import { HomeStats } from './home-stats';

function HomeLoading() {
  return (
    <div role="status" aria-label="Loading Home" className="flex flex-col gap-4">
      <Skeleton className="h-64 w-full" />
      <div className="grid gap-4 md:grid-cols-3">
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </div>
    </div>
  );
}

/** `/` (Home, docs/home.md): where the signed-in user stands on the current product. */
export function HomeView() {
  const brandId = useBrandStore((s) => s.brandId);
  const home = useHome(brandId);
  const name = home.data?.brand?.name;
  return (
    <section aria-labelledby="home-heading">
      <PageHeader
        id="home-heading"
        title="Home"
        description={
          name
            ? `Where ${name} stands: the steps to get going and today's numbers.`
            : 'The steps to get going and, once data flows, your numbers.'
        }
      />
      {home.isPending ? <HomeLoading /> : null}
      {home.isError ? (
        <RetryAlert
          message={MESSAGES.home.failedToLoad(home.error.message)}
          onRetry={() => void home.refetch()}
        />
      ) : null}
      {home.data ? (
        <div className="flex flex-col gap-6">
          <GettingStarted checklist={home.data.checklist} />
          <HomeStats home={home.data} />
        </div>
      ) : null}
    </section>
  );
}
