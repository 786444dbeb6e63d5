import { useMutation } from '@tanstack/react-query';
import type { BuilderSession } from '@/lib/contracts/builder';
import { createBuilderSession, type BuilderSessionParams } from '@/api/builder';
import type { ApiError } from '@/api/http';
import type { MutationCallbacks } from '@/hooks/types';

/** What a launch sends: the saved tour's id and the session's step, page and mode. */
export interface BuilderLaunch extends BuilderSessionParams {
  flowId: number;
}

/**
 * POST /v1/flows/{id}/builder-sessions, then opens the one-time link in a new tab without a
 * handle back to the editor (docs/builder.md). The caller shows a refusal.
 */
export function useBuilderSession(
  callbacks: MutationCallbacks<BuilderSession, BuilderLaunch> = {},
) {
  return useMutation<BuilderSession, ApiError, BuilderLaunch>({
    mutationFn: ({ flowId, ...body }) => createBuilderSession(flowId, body),
    onSuccess: (session, launch) => {
      window.open(session.open_url, '_blank', 'noopener,noreferrer');
      callbacks.onSuccess?.(session, launch);
    },
    onError: (error, launch) => callbacks.onError?.(error, launch),
  });
}
