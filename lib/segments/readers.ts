/**
 * The segments that read a segment through references (docs/segments.md, "API"): a save of it
 * changes their members too, so a published tour targeting any of them reads it. Pure: the
 * caller hands in the product's segments.
 */
import { segmentRefs, type SegmentNode } from './references';

/** The ids of the segments that include segment `id`, directly or through others. */
export function readersOf(id: number, segments: readonly SegmentNode[]): number[] {
  const found = new Set<number>();
  const queue = [id];
  while (queue.length > 0) {
    const current = queue.pop()!;
    for (const s of segments)
      if (
        s.id !== id &&
        !found.has(s.id) &&
        segmentRefs(s.definition).some((r) => r.segmentId === current)
      ) {
        found.add(s.id);
        queue.push(s.id);
      }
  }
  return [...found];
}
