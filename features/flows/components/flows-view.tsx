import { useRouter } from 'next/router';
import { useEffect, useState } from 'react';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { NoBrandState } from '@/components/no-brand-state';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PlusIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { notify } from '@/components/ui/toast';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import type { FlowListItem } from '@/services/flows';
import { useBrandStore } from '@/stores/brand';
import { useCreateFlow, useDeleteFlow, useDuplicateFlow, useFlows } from '../hooks/use-flows';
import { FlowsTable } from './flows-table';

/** /flows (Product Tour): the current product's tours. */
export function FlowsView() {
  const brandId = useBrandStore((s) => s.brandId);
  const router = useRouter();
  const create = useCreateFlow();
  const start = () =>
    brandId !== null &&
    create.mutate(brandId, {
      onSuccess: (flow) => void router.push(paths.flow(flow.id)),
      onError: (err) => notify.error(MESSAGES.flows.failedToCreate(err.message)),
    });
  return (
    <section aria-labelledby="flows-heading">
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="flows-heading" className="text-lg font-semibold text-slate-900">
            Product tours
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Modals, tooltips, speech bubbles and banners shown to the right customers.
          </p>
        </div>
        {brandId !== null ? (
          <Button onClick={start} loading={create.isPending}>
            <PlusIcon className="h-4 w-4" />
            Create product tour
          </Button>
        ) : null}
      </div>
      {brandId === null ? (
        <NoBrandState title="No tracked product" />
      ) : (
        <BrandFlows key={brandId} brandId={brandId} />
      )}
    </section>
  );
}

function BrandFlows({ brandId }: { brandId: number }) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim());
  const flows = useFlows(brandId, debounced);
  const duplicate = useDuplicateFlow();
  const remove = useDeleteFlow();
  const [doomed, setDoomed] = useState<FlowListItem | null>(null);
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
        <div role="status" aria-label="Loading product tours" className="flex flex-col gap-2">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : null}
      {flows.isSuccess && rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center text-sm text-slate-600">
          {debounced
            ? 'No product tours match your search.'
            : 'No product tours yet. Create one to welcome customers or point out a feature.'}
        </p>
      ) : null}
      {rows.length > 0 ? (
        <>
          <FlowsTable
            flows={rows}
            onDuplicate={(f) =>
              duplicate.mutate(f.id, {
                onSuccess: (copy) => notify.success(`Created "${copy.name}".`),
                onError: (err) => notify.error(MESSAGES.flows.failedToCreate(err.message)),
              })
            }
            onDelete={setDoomed}
          />
          <div className="mt-3 flex items-center justify-between gap-4">
            <p className="text-xs text-slate-500" aria-live="polite">
              Showing {rows.length} of {total}
            </p>
            {flows.hasNextPage ? (
              <Button
                variant="secondary"
                size="sm"
                loading={flows.isFetchingNextPage}
                onClick={() => void flows.fetchNextPage()}
              >
                Load more
              </Button>
            ) : null}
          </div>
        </>
      ) : null}
      <ConfirmDialog
        open={doomed !== null}
        onOpenChange={(open) => !open && setDoomed(null)}
        title="Delete product tour"
        description={`Delete "${doomed?.name ?? ''}"? Customers stop seeing it at once. This cannot be undone.`}
        confirmLabel="Delete"
        variant="danger"
        pending={remove.isPending}
        onConfirm={() =>
          doomed &&
          remove.mutate(doomed.id, {
            onSuccess: () => setDoomed(null),
            onError: (err) => notify.error(MESSAGES.flows.failedToDelete(err.message)),
          })
        }
      />
    </>
  );
}
