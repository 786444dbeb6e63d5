import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerProfile } from '@/lib/contracts/customer-profiles';
import type { MutationCallbacks } from '@/hooks/types';
import { updateProfileMetadata, type ProfileMetadataValues } from '@/api/customer-profiles';
import type { ApiError } from '@/api/http';
import { profileKeys } from '../lib/query-keys';

export interface UpdateProfileMetadataVariables {
  id: number;
  metadata: ProfileMetadataValues;
}

/** PUT /v1/customer-profiles/{id}/metadata; lists refresh because filters may read metadata. */
export function useUpdateProfileMetadata(
  callbacks: MutationCallbacks<CustomerProfile, UpdateProfileMetadataVariables> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<CustomerProfile, ApiError, UpdateProfileMetadataVariables>({
    mutationFn: ({ id, metadata }) => updateProfileMetadata(id, metadata),
    onSuccess: async (profile, variables) => {
      queryClient.setQueryData(profileKeys.detail(profile.id), profile);
      await queryClient.invalidateQueries({ queryKey: profileKeys.lists() });
      callbacks.onSuccess?.(profile, variables);
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
