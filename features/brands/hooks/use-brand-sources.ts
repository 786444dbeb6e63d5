import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BrandSources, BrandSourcesBody } from '@/lib/contracts/brands';
import type { ApiError } from '@/api/http';
import {
  getBrandSources,
  revokeServerKey,
  rotateIdentitySecret,
  rotateServerKey,
  updateBrandSources,
} from '@/api/brands';
import { brandKeys } from '../lib/query-keys';

/** GET /v1/brands/{id}/sources (Settings → Tracking). */
export function useBrandSources(brandId: number) {
  return useQuery({
    queryKey: brandKeys.sources(brandId),
    queryFn: ({ signal }) => getBrandSources(brandId, signal),
  });
}

/** Every change to a product's sources: the answer replaces the cached settings. */
export function useBrandSourcesActions(brandId: number) {
  const queryClient = useQueryClient();
  const store = (data: BrandSources) => queryClient.setQueryData(brandKeys.sources(brandId), data);
  const refresh = () => queryClient.invalidateQueries({ queryKey: brandKeys.sources(brandId) });
  return {
    save: useMutation<BrandSources, ApiError, BrandSourcesBody>({
      mutationFn: (body) => updateBrandSources(brandId, body),
      onSuccess: store,
    }),
    rotateSecret: useMutation<BrandSources, ApiError, void>({
      mutationFn: () => rotateIdentitySecret(brandId),
      onSuccess: store,
    }),
    rotateServerKey: useMutation<{ server_key: string }, ApiError, void>({
      mutationFn: () => rotateServerKey(brandId),
      onSuccess: () => void refresh(),
    }),
    revokeServerKey: useMutation<BrandSources, ApiError, void>({
      mutationFn: () => revokeServerKey(brandId),
      onSuccess: store,
    }),
  };
}
