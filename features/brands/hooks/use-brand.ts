import { useQuery } from '@tanstack/react-query';
import { getBrand } from '@/services/brands';
import { brandKeys } from '../lib/query-keys';

/** One tracked product (GET /v1/brands/{id}). */
export function useBrand(id: number | null) {
  return useQuery({
    queryKey: brandKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getBrand(id as number, signal),
    enabled: id !== null,
  });
}
