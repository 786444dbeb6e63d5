import { useInfiniteQuery } from '@tanstack/react-query';
import { EVENT_LIST_PAGE_SIZE } from '@/lib/constants';
import type { EventList } from '@/lib/contracts/events';
import { listEvents } from '@/api/events';
import type { ApiError } from '@/api/http';
import { eventKeys } from '../lib/query-keys';

/**
 * First cursor of the events list (docs/product/entities.md#events-and-event-lists: nextCursor
 * starts at '1').
 */
export const FIRST_EVENTS_CURSOR = '1';

/** GET /v1/events for a product, paged by cursor; a new search starts again at page 1. */
export function useEvents(brandId: number | null, search: string) {
  const params = { brand_id: brandId ?? 0, search };
  return useInfiniteQuery<EventList, ApiError>({
    queryKey: eventKeys.list(params),
    queryFn: ({ pageParam, signal }) =>
      listEvents(
        {
          brand_id: params.brand_id,
          search: search || undefined,
          cursor: pageParam as string,
          limit: EVENT_LIST_PAGE_SIZE,
        },
        signal,
      ),
    initialPageParam: FIRST_EVENTS_CURSOR,
    getNextPageParam: (last) => last.nextCursor,
    enabled: brandId !== null,
  });
}
