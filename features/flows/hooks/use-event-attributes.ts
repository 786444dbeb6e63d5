import { useQuery } from '@tanstack/react-query';
import type { EventDef } from '@/lib/contracts/events';
import type { ApiError } from '@/services/http';
import { getEvent } from '@/services/events';
import { conditionKeys } from '../lib/condition-query-keys';

/**
 * GET v1/events/{id} for the chosen event (docs/product/api.md#events): its attributes are what the
 * event's attribute conditions pick from; its name labels the search box.
 */
export function useEventAttributes(eventId: number | null) {
  return useQuery<EventDef, ApiError>({
    queryKey: conditionKeys.event(eventId ?? 0),
    queryFn: ({ signal }) => getEvent(eventId as number, signal),
    enabled: eventId !== null && eventId > 0,
  });
}
