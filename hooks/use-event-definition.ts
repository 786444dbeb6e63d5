import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventDef } from '@/lib/contracts/events';
import { getEvent } from '@/api/events';
import type { ApiError } from '@/api/http';

/**
 * The one cache key of an event definition (GET /v1/events/{id}), shared by every reader: the
 * events pages, the flow editor's Event dialog and the event picker. It lives under `['events']`,
 * the events feature's root key, so whatever refreshes the events refreshes it
 * (docs/architecture.md#4-dashboard-conventions).
 */
export const eventDetailKeys = {
  all: ['events', 'detail'] as const,
  detail: (id: number) => [...eventDetailKeys.all, id] as const,
};

/** Query options of one event definition with its attributes. */
export const eventQueryOptions = (id: number) =>
  queryOptions<EventDef, ApiError>({
    queryKey: eventDetailKeys.detail(id),
    queryFn: ({ signal }) => getEvent(id, signal),
  });

/** One event definition; nothing is requested until `id` is a positive number. */
export function useEventDefinition(id: number | null) {
  return useQuery({ ...eventQueryOptions(id ?? 0), enabled: id !== null && id > 0 });
}
