import type { ApiError } from '@/api/http';

/** Callbacks a caller passes to a mutation hook; the hook's own cache work runs first. */
export interface MutationCallbacks<TData, TVariables> {
  onSuccess?: (data: TData, variables: TVariables) => void;
  onError?: (error: ApiError, variables: TVariables) => void;
}
