import { DeleteDialog } from '@/components/ui/delete-dialog';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useEffect, useState } from 'react';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { ListFooter } from '@/components/list/list-footer';
import { PageHeader } from '@/components/list/page-header';
import { NoBrandState } from '@/components/no-brand-state';
import { buttonClasses } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { RetryAlert } from '@/components/ui/retry-alert';
import { RowsSkeleton } from '@/components/ui/skeleton';
import { notify } from '@/components/ui/toast';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import type { FlowListItem } from '@/services/flows';
import { useBrandStore } from '@/stores/brand';
import { useDeleteFlow } from '../hooks/use-delete-flow';
import { useDuplicateFlow } from '../hooks/use-duplicate-flow';
import { useFlows } from '../hooks/use-flows';
import { FlowsTable } from './flows-table';
import { FlowsFilters } from './list/flows-filters';
import { flowListViewQuery, parseFlowListView, type FlowListView } from './list/list-query';

/** /flows (Product Tour): the current product's tours. */
export function FlowsView() {
  const brandId = useBrandStore((s) => s.brandId);
  return (
    <section aria-labelledby="flows-heading">
      <PageHeader
        id="flows-heading"
        title="Product tours"
        description="Modals, tooltips, speech bubbles and banners shown to the right customers."
        actions={brandId !== null ? <CreateTourLink /> : null}
      />
      {brandId === null ? (
        <NoBrandState title="No tracked product" />
      ) : (
        // A new product starts from a clean search.
        <BrandFlows key={brandId} brandId={brandId} />
      )}
    </section>
  );
}

/**
 * Opens the editor on a new tour, created only by its first Save: backing out leaves nothing
 * behind.
 */
function CreateTourLink() {
  return (
    <Link href={paths.flowCreate()} className={buttonClasses()}>
      <PlusIcon className="h-4 w-4" />
      Create product tour
    </Link>
  );
}

function BrandFlows(props: { brandId: number }) {
  const router = useRouter();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim());
  // Status and order live in the URL (a reload keeps them); a change is a new query from page 1.
  const view = parseFlowListView(router.query);
  const setView = (next: FlowListView) =>
    void router.replace(
      { pathname: router.pathname, query: flowListViewQuery(next, router.query) },
      undefined,
      { shallow: true },
    );
  // Before the router has read the URL its query is empty: wait rather than load the default.
  const flows = useFlows(props.brandId, debounced, view, { enabled: router.isReady });
  const duplicate = useDuplicateFlow({
    onSuccess: (copy) => notify.success(MESSAGES.flows.duplicated(copy.name)),
    onError: (err) => notify.error(MESSAGES.flows.failedToCreate(err.message)),
  });
  const [doomed, setDoomed] = useState<FlowListItem | null>(null);
  const remove = useDeleteFlow({
    onSuccess: (_, flow) => {
      setDoomed(null);
      notify.success(MESSAGES.flows.deleted(flow.name));
    },
    onError: (err) => notify.error(MESSAGES.flows.failedToDelete(err.message)),
  });
  const { error } = flows;
  useEffect(() => {
    if (error) notify.error(MESSAGES.flows.failedToGetList(error.message));
  }, [error]);

  const rows = flows.data?.pages.flatMap((p) => p.data) ?? [];
  const total = flows.data?.pages.at(-1)?.total ?? 0;

  return (
    <>
      <FlowsFilters search={search} onSearchChange={setSearch} view={view} onViewChange={setView} />
      {flows.isPending ? (
        <RowsSkeleton
          label="Loading product tours"
          columns={['w-40', 'w-20', 'w-10', 'ml-auto w-48']}
        />
      ) : null}
      {flows.isError && rows.length === 0 ? (
        <RetryAlert
          message={MESSAGES.flows.failedToGetList(flows.error.message)}
          onRetry={() => void flows.refetch()}
        />
      ) : null}
      {flows.isSuccess && rows.length === 0 ? (
        debounced || view.status ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center text-sm text-slate-600">
            {view.status ? MESSAGES.flows.noFilterMatches : MESSAGES.flows.noMatches}
          </p>
        ) : (
          <div
            role="region"
            aria-label="No product tours"
            className="flex flex-col items-center gap-4 rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center"
          >
            <p className="text-sm text-slate-600">{MESSAGES.flows.empty}</p>
            <CreateTourLink />
          </div>
        )
      ) : null}
      {rows.length > 0 ? (
        <>
          <FlowsTable
            flows={rows}
            onDuplicate={(flow) => duplicate.mutate(flow)}
            duplicatingId={duplicate.isPending ? duplicate.variables.id : null}
            onDelete={setDoomed}
          />
          <ListFooter
            className="mt-3"
            shown={rows.length}
            total={total}
            hasMore={flows.hasNextPage}
            loadingMore={flows.isFetchingNextPage}
            onLoadMore={() => void flows.fetchNextPage()}
          />
        </>
      ) : null}
      <DeleteDialog
        title="Delete product tour"
        description={MESSAGES.flows.deleteConfirm(doomed?.name ?? '')}
        open={doomed !== null}
        pending={remove.isPending}
        onCancel={() => setDoomed(null)}
        onConfirm={() => {
          if (doomed) remove.mutate(doomed);
        }}
      />
    </>
  );
}
