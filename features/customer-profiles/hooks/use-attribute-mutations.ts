import { attributeKeys } from '@/hooks/query-keys';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '@/hooks/types';
import type { ApiError } from '@/api/http';
import type { AttributeEndpoints, AttributeFieldKey, AttributeInput } from '../lib/attribute-kinds';

/** After a definition changes: its kind's list (pages and details cards) and the picker options. */
const invalidateDefinitions = (
  queryClient: QueryClient,
  kind: Pick<AttributeEndpoints<AttributeFieldKey, unknown>, 'queryKey'>,
  brandId: number,
) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: kind.queryKey(brandId) }),
    queryClient.invalidateQueries({ queryKey: attributeKeys.options(brandId) }),
  ]);

/** The definition mutations share this: refresh the caches first, then the caller's callbacks. */
function useDefinitionMutation<TVariables>(
  kind: Pick<AttributeEndpoints<AttributeFieldKey, unknown>, 'queryKey'>,
  brandId: number,
  mutationFn: (variables: TVariables) => Promise<unknown>,
  callbacks: MutationCallbacks<unknown, TVariables>,
) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, TVariables>({
    mutationFn,
    onSuccess: async (result, variables) => {
      await invalidateDefinitions(queryClient, kind, brandId);
      callbacks.onSuccess?.(result, variables);
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}

/** POST a new definition (/v1/data-attributes or /v1/metadata-attributes). */
export function useCreateAttribute<K extends AttributeFieldKey, TItem>(
  kind: AttributeEndpoints<K, TItem>,
  brandId: number,
  callbacks: MutationCallbacks<unknown, AttributeInput<K>> = {},
) {
  return useDefinitionMutation(kind, brandId, kind.create, callbacks);
}

export interface UpdateAttributeVariables<K extends AttributeFieldKey> {
  id: number;
  body: AttributeInput<K>;
}

/** PUT a changed definition by id. */
export function useUpdateAttribute<K extends AttributeFieldKey, TItem>(
  kind: AttributeEndpoints<K, TItem>,
  brandId: number,
  callbacks: MutationCallbacks<unknown, UpdateAttributeVariables<K>> = {},
) {
  return useDefinitionMutation(
    kind,
    brandId,
    ({ id, body }: UpdateAttributeVariables<K>) => kind.update(id, body),
    callbacks,
  );
}

/** DELETE a definition by id. */
export function useDeleteAttribute<K extends AttributeFieldKey, TItem>(
  kind: AttributeEndpoints<K, TItem>,
  brandId: number,
  callbacks: MutationCallbacks<unknown, number> = {},
) {
  return useDefinitionMutation(kind, brandId, kind.remove, callbacks);
}
