import { useQuery } from '@tanstack/react-query';
import type { UndefinedEvent } from '@/lib/contracts/events';
import { listUndefinedEvents } from '@/api/events';
import type { ApiError } from '@/api/http';
import { eventKeys } from '../lib/query-keys';

/** GET /v1/events/undefined: codes tracked in the last 30 days with no definition. */
export function useUndefinedEvents(brandId: number | null) {
  return useQuery<UndefinedEvent[], ApiError>({
    queryKey: eventKeys.undefinedEvents(brandId ?? 0),
    queryFn: ({ signal }) => listUndefinedEvents(brandId as number, signal),
    enabled: brandId !== null,
  });
}
