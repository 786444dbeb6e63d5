import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '@/hooks/types';
import type { ReportInput, SavedReport } from '@/lib/contracts/reports';
import type { ApiError } from '@/api/http';
import { createReport, updateReport } from '@/api/reports';
import { reportKeys } from '../lib/query-keys';

/** What to save: a new report (`id` null) or the whole of an existing one. */
export interface SaveReportVariables {
  id: number | null;
  body: ReportInput;
}

/**
 * POST /v1/reports or PUT /v1/reports/{id}; stores the answer as the report's detail and
 * refreshes every list (the Reports List and the dashboards).
 */
export function useSaveReport(callbacks: MutationCallbacks<SavedReport, SaveReportVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation<SavedReport, ApiError, SaveReportVariables>({
    mutationFn: ({ id, body }) => (id === null ? createReport(body) : updateReport(id, body)),
    onSuccess: async (saved, variables) => {
      queryClient.setQueryData(reportKeys.detail(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: reportKeys.lists() });
      callbacks.onSuccess?.(saved, variables);
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
