import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '@/hooks/types';
import type { SavedReport } from '@/lib/contracts/reports';
import type { ApiError } from '@/api/http';
import { deleteReport } from '@/api/reports';
import { reportKeys } from '../lib/query-keys';

type Doomed = Pick<SavedReport, 'id' | 'name'>;

/**
 * DELETE /v1/reports/{id}; refreshes the lists. A cached detail is only marked stale (a refetch
 * now would show the deleted report as an error).
 */
export function useDeleteReport(callbacks: MutationCallbacks<{ message: string }, Doomed> = {}) {
  const queryClient = useQueryClient();
  return useMutation<{ message: string }, ApiError, Doomed>({
    mutationFn: (report) => deleteReport(report.id),
    onSuccess: async (result, report) => {
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: reportKeys.detail(report.id),
          refetchType: 'none',
        }),
        queryClient.invalidateQueries({ queryKey: reportKeys.lists() }),
      ]);
      callbacks.onSuccess?.(result, report);
    },
    onError: (error, report) => callbacks.onError?.(error, report),
  });
}
