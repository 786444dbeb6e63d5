import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventBody, EventDef } from '@/lib/contracts/events';
import type { MutationCallbacks } from '@/hooks/types';
import { createEvent } from '@/api/events';
import type { ApiError } from '@/api/http';
import { eventKeys } from '../lib/query-keys';

/** POST /v1/events; the lists, undefined events and defined codes of its product change. */
export function useCreateEvent(callbacks: MutationCallbacks<EventDef, EventBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation<EventDef, ApiError, EventBody>({
    mutationFn: createEvent,
    onSuccess: async (event, body) => {
      queryClient.setQueryData(eventKeys.detail(event.id), event);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: eventKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: eventKeys.undefinedEvents(event.brand_id) }),
        queryClient.invalidateQueries({ queryKey: eventKeys.definedCodes(event.brand_id) }),
      ]);
      callbacks.onSuccess?.(event, body);
    },
    onError: (error, body) => callbacks.onError?.(error, body),
  });
}
