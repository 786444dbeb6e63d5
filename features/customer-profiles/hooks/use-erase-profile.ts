import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eraseProfile } from '@/api/customer-profiles';
import type { ApiError } from '@/api/http';
import type { EraseBody, Erasure } from '@/lib/contracts/erasure';
import type { MutationCallbacks } from '@/hooks/types';
import { profileKeys } from '../lib/query-keys';

/** POST /v1/customer-profiles/{id}/erase: the profile leaves every cached list at once. */
export function useEraseProfile(id: number, callbacks: MutationCallbacks<Erasure, EraseBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation<Erasure, ApiError, EraseBody>({
    mutationFn: (body) => eraseProfile(id, body),
    onSuccess: async (data, body) => {
      queryClient.removeQueries({ queryKey: profileKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: profileKeys.lists() });
      callbacks.onSuccess?.(data, body);
    },
    onError: (error, body) => callbacks.onError?.(error, body),
  });
}
