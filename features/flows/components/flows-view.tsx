import { useRouter } from 'next/router';
import { useEffect, useState } from 'react';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { ListFooter } from '@/components/list/list-footer';
import { PageHeader } from '@/components/list/page-header';
import { NoBrandState } from '@/components/no-brand-state';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PlusIcon } from '@/components/ui/icons';
import { RetryAlert } from '@/components/ui/retry-alert';
import { RowsSkeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { notify } from '@/components/ui/toast';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import type { FlowListItem } from '@/services/flows';
import { useBrandStore } from '@/stores/brand';
import { useCreateFlow } from '../hooks/use-create-flow';
import { useDeleteFlow } from '../hooks/use-delete-flow';
import { useDuplicateFlow } from '../hooks/use-duplicate-flow';
import { useFlows } from '../hooks/use-flows';
import { FlowsTable } from './flows-table';

/** /flows (Product Tour): the current product's tours. */
export function FlowsView() {
  const brandId = useBrandStore((s) => s.brandId);
  const router = useRouter();
  // Creating saves an empty draft at once and opens it in the editor.
  const create = useCreateFlow({
    onSuccess: (flow) => void router.push(paths.flow(flow.id)),
    onError: (err) => notify.error(MESSAGES.flows.failedToCreate(err.message)),
  });
  const start = () => {
    if (brandId !== null && !create.isPending) create.mutate(brandId);
  };
  return (
    <section aria-labelledby="flows-heading">
      <PageHeader
        id="flows-heading"
        title="Product tours"
        description="Modals, tooltips, speech bubbles and banners shown to the right customers."
        actions={
          brandId !== null ? (
            <Button onClick={start} loading={create.isPending}>
              <PlusIcon className="h-4 w-4" />
              Create product tour
            </Button>
          ) : null
        }
      />
      {brandId === null ? (
        <NoBrandState title="No tracked product" />
      ) : (
        // A new product starts from a clean search.
        <BrandFlows key={brandId} brandId={brandId} onCreate={start} creating={create.isPending} />
      )}
    </section>
  );
}

function BrandFlows(props: { brandId: number; onCreate: () => void; creating: boolean }) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim());
  const flows = useFlows(props.brandId, debounced);
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
      <TextField
        label="Search product tours"
        type="search"
        placeholder="Name"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        className="mb-4 max-w-sm"
      />
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
        debounced ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center text-sm text-slate-600">
            {MESSAGES.flows.noMatches}
          </p>
        ) : (
          <div
            role="region"
            aria-label="No product tours"
            className="flex flex-col items-center gap-4 rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center"
          >
            <p className="text-sm text-slate-600">{MESSAGES.flows.empty}</p>
            <Button onClick={props.onCreate} loading={props.creating}>
              <PlusIcon className="h-4 w-4" />
              Create product tour
            </Button>
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
      <ConfirmDialog
        open={doomed !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setDoomed(null);
        }}
        title="Delete product tour"
        description={`Delete "${doomed?.name ?? ''}"? Customers stop seeing it at once. This cannot be undone.`}
        confirmLabel="Delete"
        variant="danger"
        pending={remove.isPending}
        onConfirm={() => {
          if (doomed) remove.mutate(doomed);
        }}
      />
    </>
  );
}
