import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '@/hooks/types';
import type { MembershipChange, Segment, SegmentInput } from '@/lib/contracts/segments';
import type { ApiError } from '@/api/http';
import { createSegment, updateSegment } from '@/api/segments';
import { segmentKeys } from '../lib/query-keys';

/** What a save sends: a new segment without `id`, an edit with it. */
export interface SegmentSave {
  id: number | null;
  body: SegmentInput;
}

/**
 * What a save answers: the segment and, for an edit, who joins and leaves the audience of the
 * published tours that read it (null when none does or the definition is unchanged).
 */
export type SegmentSaved = Segment & { membership_change?: MembershipChange | null };

/** POST /v1/segments or PUT /v1/segments/{id}; the saved copy goes into the cache. */
export function useSaveSegment(callbacks: MutationCallbacks<SegmentSaved, SegmentSave> = {}) {
  const queryClient = useQueryClient();
  return useMutation<SegmentSaved, ApiError, SegmentSave>({
    mutationFn: ({ id, body }) => (id === null ? createSegment(body) : updateSegment(id, body)),
    onSuccess: async (saved, variables) => {
      const { membership_change: _change, ...segment } = saved;
      queryClient.setQueryData(segmentKeys.detail(saved.id), segment);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: segmentKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: segmentKeys.members(saved.id) }),
      ]);
      callbacks.onSuccess?.(saved, variables);
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
