import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { EventBody, EventDef } from '@/lib/contracts/events';
import type { MutationCallbacks } from '@/hooks/types';
import { updateEvent } from '@/api/events';
import type { ApiError } from '@/api/http';
import { parseEventId } from '../lib/event-id';
import { eventKeys } from '../lib/query-keys';

export interface UpdateEventVariables {
  /** As it comes from the route: an update with an empty or non-numeric id is skipped. */
  id: string | number;
  body: EventBody;
}

/**
 * PUT /v1/events/{id}, then refreshes the event and the event lists
 * (docs/product/messages.md#events). An empty or non-numeric id sends nothing
 * (docs/product/validation.md#59-other-rules).
 */
export function useUpdateEvent(callbacks: MutationCallbacks<EventDef, UpdateEventVariables> = {}) {
  const queryClient = useQueryClient();
  const mutation = useMutation<EventDef, ApiError, UpdateEventVariables>({
    mutationFn: ({ id, body }) => updateEvent(parseEventId(id) as number, body),
    onSuccess: async (event, variables) => {
      queryClient.setQueryData(eventKeys.detail(event.id), event);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: eventKeys.detail(event.id) }),
        queryClient.invalidateQueries({ queryKey: eventKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: eventKeys.undefinedEvents(event.brand_id) }),
      ]);
      callbacks.onSuccess?.(event, variables);
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
  // mutateAsync is left out so every caller goes through the guard.
  const { mutate: run, mutateAsync: _unguarded, ...rest } = mutation;
  const mutate = useCallback(
    (variables: UpdateEventVariables) => {
      if (parseEventId(variables.id) === null) return false;
      run(variables);
      return true;
    },
    [run],
  );
  return { ...rest, mutate };
}
