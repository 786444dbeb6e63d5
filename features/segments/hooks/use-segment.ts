import { useQuery } from '@tanstack/react-query';
import type { Segment } from '@/lib/contracts/segments';
import type { ApiError } from '@/api/http';
import { getSegment } from '@/api/segments';
import { segmentKeys } from '../lib/query-keys';

/** GET /v1/segments/{id}; nothing is asked while `id` is null. */
export function useSegment(id: number | null) {
  return useQuery<Segment, ApiError>({
    queryKey: segmentKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getSegment(id as number, signal),
    enabled: id !== null,
  });
}
