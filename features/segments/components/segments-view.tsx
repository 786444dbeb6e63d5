import Link from 'next/link';
import { useState } from 'react';
import type { SegmentListItem } from '@/lib/contracts/segments';
import { paths } from '@/lib/paths';
import { PagedList } from '@/components/list/paged-list';
import { PageHeader } from '@/components/list/page-header';
import { NoBrandState } from '@/components/no-brand-state';
import { buttonClasses } from '@/components/ui/button';
import { DeleteDialog } from '@/components/ui/delete-dialog';
import { PlusIcon } from '@/components/ui/icons';
import { TextField } from '@/components/ui/text-field';
import { notify } from '@/components/ui/toast';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useBrandStore } from '@/stores/brand';
import { useDeleteSegment } from '../hooks/use-delete-segment';
import { useSegments } from '../hooks/use-segments';
import { MESSAGES } from '@/lib/messages';
import { SEGMENT_COPY } from '../lib/copy';
import { SegmentsTable } from './segments-table';

/** /segments (Segments Management): the current product's segments. */
export function SegmentsView() {
  const brandId = useBrandStore((s) => s.brandId);
  return (
    <section aria-labelledby="segments-heading">
      <PageHeader
        id="segments-heading"
        title="Segments"
        description="Groups of customers by their attributes and what they did, always current."
        actions={brandId !== null ? <CreateSegmentLink /> : null}
      />
      {brandId === null ? (
        <NoBrandState title="No tracked product" />
      ) : (
        // A new product starts from a clean search.
        <BrandSegments key={brandId} brandId={brandId} />
      )}
    </section>
  );
}

function CreateSegmentLink() {
  return (
    <Link href={paths.segmentAdd()} className={buttonClasses()}>
      <PlusIcon className="h-4 w-4" />
      Create segment
    </Link>
  );
}

function BrandSegments({ brandId }: { brandId: number }) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim());
  const segments = useSegments(brandId, debounced);
  const [doomed, setDoomed] = useState<SegmentListItem | null>(null);
  const remove = useDeleteSegment({
    onSuccess: (_, segment) => {
      setDoomed(null);
      notify.success(MESSAGES.segments.deleted(segment.name));
    },
    onError: (err) => {
      setDoomed(null);
      notify.error(MESSAGES.segments.failedToDelete(err.message));
    },
  });
  return (
    <>
      <div className="mb-4">
        <TextField
          label="Search segments"
          type="search"
          placeholder="Name"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="w-full max-w-sm"
        />
      </div>
      <PagedList
        query={segments}
        loading={{
          label: 'Loading segments',
          columns: ['w-40', 'w-16', 'w-32', 'w-32', 'ml-auto w-32'],
        }}
        failed={MESSAGES.segments.failedToGetList}
        noMatches={debounced ? MESSAGES.segments.noMatches : undefined}
        noun="segments"
        empty={{
          label: 'No segments',
          text: MESSAGES.segments.empty,
          action: <CreateSegmentLink />,
        }}
      >
        {(rows) => <SegmentsTable segments={rows} onDelete={setDoomed} />}
      </PagedList>
      <DeleteDialog
        title="Delete segment"
        description={SEGMENT_COPY.deleteConfirm(doomed?.name ?? '')}
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
