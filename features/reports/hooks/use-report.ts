import { useQuery } from '@tanstack/react-query';
import type { SavedReport } from '@/lib/contracts/reports';
import type { ApiError } from '@/api/http';
import { getReport } from '@/api/reports';
import { reportKeys } from '../lib/query-keys';

/** GET /v1/reports/{id}; nothing is asked while `id` is null. A 404 is not retried. */
export function useReport(id: number | null) {
  return useQuery<SavedReport, ApiError>({
    queryKey: reportKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getReport(id as number, signal),
    enabled: id !== null,
  });
}
