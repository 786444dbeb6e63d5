import { DeleteDialog } from '@/components/ui/delete-dialog';
import { useRouter } from 'next/router';
import { useState } from 'react';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { PagedList } from '@/components/list/paged-list';
import { useListSearch } from '@/components/list/list-search';
import { CreateLink } from '@/components/list/page-header';
import { ProductListPage } from '@/components/list/product-list-page';
import { notify } from '@/components/ui/toast';
import type { FlowListItem } from '@/api/flows';
import { useDeleteFlow } from '../hooks/use-delete-flow';
import { useDuplicateFlow } from '../hooks/use-duplicate-flow';
import { useFlows } from '../hooks/use-flows';
import { FlowsTable } from './flows-table';
import { FlowsFilters } from './list/flows-filters';
import { flowListViewQuery, parseFlowListView, type FlowListView } from './list/list-query';

/**
 * Opens the editor on a new tour, created only by its first Save: backing out leaves nothing
 * behind.
 */
const createTour = <CreateLink href={paths.flowCreate()}>Create product tour</CreateLink>;

/** /flows (Product Tour): the current product's tours. */
export function FlowsView() {
  return (
    <ProductListPage
      id="flows-heading"
      title="Product tours"
      description="Modals, tooltips, speech bubbles and banners shown to the right customers."
      actions={createTour}
    >
      {(brandId) => <BrandFlows brandId={brandId} />}
    </ProductListPage>
  );
}

function BrandFlows(props: { brandId: number }) {
  const router = useRouter();
  const search = useListSearch();
  // Status and order live in the URL (a reload keeps them); a change is a new query from page 1.
  const view = parseFlowListView(router.query);
  const setView = (next: FlowListView) =>
    void router.replace(
      { pathname: router.pathname, query: flowListViewQuery(next, router.query) },
      undefined,
      { shallow: true },
    );
  // Before the router has read the URL its query is empty: wait rather than load the default.
  const flows = useFlows(props.brandId, search.query, view, { enabled: router.isReady });
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
      <FlowsFilters
        search={search.text}
        onSearchChange={search.setText}
        view={view}
        onViewChange={setView}
      />
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
            : search.query
              ? MESSAGES.flows.noMatches
              : undefined
        }
        empty={{
          label: 'No product tours',
          text: MESSAGES.flows.empty,
          action: createTour,
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
