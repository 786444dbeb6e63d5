import { useQuery } from '@tanstack/react-query';
import type { DefinedCodes } from '@/lib/contracts/events';
import { getDefinedCodes } from '@/services/events';
import type { ApiError } from '@/services/http';
import { eventKeys } from '../lib/query-keys';

/** GET /v1/events/codes: the product's defined codes (Live events marks the others). */
export function useDefinedCodes(brandId: number) {
  return useQuery<DefinedCodes, ApiError>({
    queryKey: eventKeys.definedCodes(brandId),
    queryFn: ({ signal }) => getDefinedCodes(brandId, signal),
  });
}
