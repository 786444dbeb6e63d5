import { useState } from 'react';
import type { SegmentListItem } from '@/lib/contracts/segments';
import { paths } from '@/lib/paths';
import { ListSearch, useListSearch } from '@/components/list/list-search';
import { PagedList } from '@/components/list/paged-list';
import { CreateLink } from '@/components/list/page-header';
import { ProductListPage } from '@/components/list/product-list-page';
import { DeleteDialog } from '@/components/ui/delete-dialog';
import { notify } from '@/components/ui/toast';
import { useDeleteSegment } from '../hooks/use-delete-segment';
import { useSegments } from '../hooks/use-segments';
import { MESSAGES } from '@/lib/messages';
import { SEGMENT_COPY } from '../lib/copy';
import { SegmentsTable } from './segments-table';

const createSegment = <CreateLink href={paths.segmentAdd()}>Create segment</CreateLink>;

/** /segments (Segments Management): the current product's segments. */
export function SegmentsView() {
  return (
    <ProductListPage
      id="segments-heading"
      title="Segments"
      description="Groups of customers by their attributes and what they did, always current."
      actions={createSegment}
    >
      {(brandId) => <BrandSegments brandId={brandId} />}
    </ProductListPage>
  );
}

function BrandSegments({ brandId }: { brandId: number }) {
  const search = useListSearch();
  const segments = useSegments(brandId, search.query);
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
      <ListSearch
        label="Search segments"
        placeholder="Name"
        value={search.text}
        onChange={search.setText}
      />
      <PagedList
        query={segments}
        loading={{
          label: 'Loading segments',
          columns: ['w-40', 'w-16', 'w-32', 'w-32', 'ml-auto w-32'],
        }}
        failed={MESSAGES.segments.failedToGetList}
        noMatches={search.query ? MESSAGES.segments.noMatches : undefined}
        noun="segments"
        empty={{ label: 'No segments', text: MESSAGES.segments.empty, action: createSegment }}
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
