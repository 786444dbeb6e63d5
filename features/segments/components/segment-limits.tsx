import {
  MAX_SEGMENT_CONDITIONS,
  MAX_SEGMENT_DEPTH,
  MAX_SEGMENTS_PER_PRODUCT,
} from '@/lib/contracts/segments';

/** The limits a segment is saved within (docs/segments.md, "Limits"), beside the builder. */
export function SegmentLimits() {
  return (
    <section aria-label="Segment limits" className="text-xs text-slate-500">
      <h2 className="font-medium text-slate-600">Limits</h2>
      <ul className="mt-1 list-disc pl-4">
        <li>{MAX_SEGMENT_CONDITIONS} conditions per group, and groups one level deep.</li>
        <li>Segments inside segments up to {MAX_SEGMENT_DEPTH} levels, never in a circle.</li>
        <li>{MAX_SEGMENTS_PER_PRODUCT} segments per product.</li>
      </ul>
    </section>
  );
}
