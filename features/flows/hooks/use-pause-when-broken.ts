import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, unwrap, type ApiError } from '@/api/http';
import type { TargetHealthSettings } from '@/lib/contracts/target-health';
import { flowKeys } from '../lib/query-keys';

/**
 * PUT /v1/flows/{id}/target-health: the tour's "pause automatically when broken" (docs/flows.md,
 * "Target health"); the tour's reports are read again afterwards.
 */
export function usePauseWhenBroken(flowId: number) {
  const queryClient = useQueryClient();
  return useMutation<TargetHealthSettings, ApiError, boolean>({
    mutationFn: (value) =>
      unwrap<TargetHealthSettings>(
        http.put(`/v1/flows/${flowId}/target-health`, { pause_when_broken: value }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: flowKeys.reports() }),
  });
}
