import { useQuery } from '@tanstack/react-query';
import type { EventDef } from '@/lib/contracts/events';
import { getEvent } from '@/services/events';
import type { ApiError } from '@/services/http';
import { eventKeys } from '../lib/query-keys';

/** One event definition with its attributes (GET /v1/events/{id}). */
export function useEvent(id: number | null) {
  return useQuery<EventDef, ApiError>({
    queryKey: eventKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getEvent(id as number, signal),
    enabled: id !== null,
  });
}
