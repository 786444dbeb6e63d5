import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IpCapture } from '@/lib/contracts/brand-settings';
import type { ApiError } from '@/api/http';
import { getIpCapture, updateIpCapture } from '@/api/brand-settings';
import type { MutationCallbacks } from '@/hooks/types';
import { settingsKeys } from '../lib/query-keys';

/** GET /v1/brands/{id}/ip-capture. */
export function useIpCapture(brandId: number) {
  return useQuery({
    queryKey: settingsKeys.ipCapture(brandId),
    queryFn: ({ signal }) => getIpCapture(brandId, signal),
  });
}

/** PUT /v1/brands/{id}/ip-capture: the answer replaces the cached setting. */
export function useUpdateIpCapture(
  brandId: number,
  callbacks: MutationCallbacks<IpCapture, IpCapture> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<IpCapture, ApiError, IpCapture>({
    mutationFn: (body) => updateIpCapture(brandId, body),
    onSuccess: (data, body) => {
      queryClient.setQueryData(settingsKeys.ipCapture(brandId), data);
      callbacks.onSuccess?.(data, body);
    },
    onError: (error, body) => callbacks.onError?.(error, body),
  });
}
