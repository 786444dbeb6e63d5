import { useQuery } from '@tanstack/react-query';
import { getFlow } from '@/api/flows';
import type { ApiError } from '@/api/http';
import { flowKeys } from '../lib/query-keys';

/** GET /v1/flows/{id}: the flow the editor opens (id null: a new flow, nothing to load). */
export function useFlow(id: number | null) {
  return useQuery({
    queryKey: flowKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getFlow(id as number, signal),
    enabled: id !== null,
    // The editor owns the copy being edited; a background refetch must not replace it.
    staleTime: Infinity,
    retry: (count, error: ApiError) => error.status !== 404 && count < 1,
  });
}
