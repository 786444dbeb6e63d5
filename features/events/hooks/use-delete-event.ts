import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventDef } from '@/lib/contracts/events';
import type { MutationCallbacks } from '@/hooks/types';
import { deleteEvent } from '@/api/events';
import type { ApiError } from '@/api/http';
import { eventKeys } from '../lib/query-keys';

/**
 * DELETE /v1/events/{id}; refreshes the lists. The open details page still observes the event,
 * so its cache is only marked stale (a refetch now would report the deleted event as an error).
 */
export function useDeleteEvent(callbacks: MutationCallbacks<{ message: string }, EventDef> = {}) {
  const queryClient = useQueryClient();
  return useMutation<{ message: string }, ApiError, EventDef>({
    mutationFn: (event) => deleteEvent(event.id),
    onSuccess: async (result, event) => {
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: eventKeys.detail(event.id),
          refetchType: 'none',
        }),
        queryClient.invalidateQueries({ queryKey: eventKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: eventKeys.undefinedEvents(event.brand_id) }),
      ]);
      callbacks.onSuccess?.(result, event);
    },
    onError: (error, event) => callbacks.onError?.(error, event),
  });
}
