import { NoBrandState } from '@/components/no-brand-state';
import { useBrandStore } from '@/stores/brand';
import { SegmentBuilder } from './segment-builder';
import { WithSegment } from './segment-id';

/** /segments/add: a new segment of the current product. */
export function NewSegmentView() {
  const brandId = useBrandStore((s) => s.brandId);
  if (brandId === null) return <NoBrandState title="No tracked product" />;
  return <SegmentBuilder key={brandId} brandId={brandId} />;
}

/** /segments/edit/{id}: the saved segment in the builder. */
export function EditSegmentView() {
  return (
    <WithSegment>
      {(segment) => (
        <SegmentBuilder key={segment.id} brandId={segment.brand_id} segment={segment} />
      )}
    </WithSegment>
  );
}
