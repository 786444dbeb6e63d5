import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { EVENT_SEARCH_LIMIT } from '@/lib/constants';
import type { AutocompleteResult } from '@/lib/contracts/events';
import type { ApiError } from '@/services/http';
import { autocompleteEvents } from '@/services/events';
import { conditionKeys } from '../lib/condition-query-keys';

/**
 * The condition editor's event search (docs/product/api.md#events): one request of at most 99 of
 * the brand's events matching `name`; the previous list stays while the next one loads.
 */
export function useEventSearch(brandId: number, name: string, enabled = true) {
  return useQuery<AutocompleteResult, ApiError>({
    queryKey: conditionKeys.eventSearch(brandId, name),
    queryFn: ({ signal }) =>
      autocompleteEvents({ brand_id: brandId, name, offset: 0, limit: EVENT_SEARCH_LIMIT }, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
