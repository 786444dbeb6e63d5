import { DeleteDialog } from '@/components/ui/delete-dialog';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useState } from 'react';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { PagedList } from '@/components/list/paged-list';
import { PageHeader } from '@/components/list/page-header';
import { NoBrandState } from '@/components/no-brand-state';
import { buttonClasses } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { notify } from '@/components/ui/toast';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import type { FlowListItem } from '@/api/flows';
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
  return (
    <>
      <FlowsFilters search={search} onSearchChange={setSearch} view={view} onViewChange={setView} />
      <PagedList
        query={flows}
        loading={{
          label: 'Loading product tours',
          columns: ['w-40', 'w-20', 'w-10', 'ml-auto w-48'],
        }}
        failed={MESSAGES.flows.failedToGetList}
        noMatches={
          view.status
            ? MESSAGES.flows.noFilterMatches
            : debounced
              ? MESSAGES.flows.noMatches
              : undefined
        }
        empty={{
          label: 'No product tours',
          text: MESSAGES.flows.empty,
          action: <CreateTourLink />,
        }}
      >
        {(rows) => (
          <FlowsTable
            flows={rows}
            onDuplicate={(flow) => duplicate.mutate(flow)}
            duplicatingId={duplicate.isPending ? duplicate.variables.id : null}
            onDelete={setDoomed}
          />
        )}
      </PagedList>
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
