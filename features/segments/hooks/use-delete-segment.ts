import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '@/hooks/types';
import type { SegmentListItem } from '@/lib/contracts/segments';
import type { ApiError } from '@/api/http';
import { deleteSegment } from '@/api/segments';
import { segmentKeys } from '../lib/query-keys';

type Doomed = Pick<SegmentListItem, 'id' | 'name'>;

/** DELETE /v1/segments/{id}; refreshes the lists, marks a cached copy stale without refetching. */
export function useDeleteSegment(callbacks: MutationCallbacks<unknown, Doomed> = {}) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, Doomed>({
    mutationFn: (segment) => deleteSegment(segment.id),
    onSuccess: async (result, segment) => {
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: segmentKeys.detail(segment.id),
          refetchType: 'none',
        }),
        queryClient.invalidateQueries({ queryKey: segmentKeys.lists() }),
      ]);
      callbacks.onSuccess?.(result, segment);
    },
    onError: (error, segment) => callbacks.onError?.(error, segment),
  });
}
