import { useQuery } from '@tanstack/react-query';
import type { DefinedCodes } from '@/lib/contracts/events';
import { getDefinedCodes } from '@/api/events';
import type { ApiError } from '@/api/http';
import { eventKeys } from '../lib/query-keys';

/** GET /v1/events/codes: the product's defined codes (Live events marks the others). */
export function useDefinedCodes(brandId: number) {
  return useQuery<DefinedCodes, ApiError>({
    queryKey: eventKeys.definedCodes(brandId),
    queryFn: ({ signal }) => getDefinedCodes(brandId, signal),
  });
}
