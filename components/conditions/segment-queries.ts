import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { Segment } from '@/lib/contracts/segments';
import type { ApiError } from '@/api/http';
import { getSegment, listSegments } from '@/api/segments';

/**
 * What the flow editor reads of a product's segments: one segment by id (a trigger row's name)
 * and whether the product has any (the Segment dialog's empty state). The keys live under
 * `['segments']`, the segments feature's root key, and the detail key is the one of its own
 * detail query, so whatever refreshes the segments refreshes these too
 * (docs/architecture.md#4-dashboard-conventions).
 */
export const segmentReadKeys = {
  detail: (id: number) => ['segments', 'detail', id] as const,
  any: (brandId: number) => ['segments', 'any', brandId] as const,
};

/** Query options of one segment (GET /v1/segments/{id}). */
export const segmentQueryOptions = (id: number) =>
  queryOptions<Segment, ApiError>({
    queryKey: segmentReadKeys.detail(id),
    queryFn: ({ signal }) => getSegment(id, signal),
  });

/** The name of each segment id, once read; a segment that cannot be read has none. */
export function useSegmentNames(ids: readonly number[]): Map<number, string> {
  const results = useQueries({ queries: ids.map((id) => segmentQueryOptions(id)) });
  const names = new Map<number, string>();
  results.forEach((r, i) => {
    if (r.data) names.set(ids[i]!, r.data.name);
  });
  return names;
}

/** Whether the product has at least one segment (undefined until known). */
export function useHasSegments(brandId: number) {
  const query = useQuery<boolean, ApiError>({
    queryKey: segmentReadKeys.any(brandId),
    queryFn: async ({ signal }) =>
      (await listSegments({ brand_id: brandId, limit: 1 }, signal)).data.length > 0,
  });
  return query.data;
}
