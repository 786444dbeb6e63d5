import { useQuery } from '@tanstack/react-query';
import type { FlowReport, FlowReportQuery } from '@/lib/contracts/flow-runtime';
import { getFlowReport } from '@/api/flows';
import type { ApiError } from '@/api/http';
import { flowKeys } from '../lib/query-keys';

/** A report with the query that produced it (the chart names its buckets by that granularity). */
export interface LoadedFlowReport {
  report: FlowReport;
  query: FlowReportQuery;
}

/**
 * GET /v1/flows/{id}/report for one range. Nothing is asked while `query` is null (a custom range
 * without both dates). While another range of the same tour loads, the previous report stays on
 * screen (`isPlaceholderData`); another tour starts blank. A 404 is not retried (the app's query
 * defaults).
 */
export function useFlowReport(id: number | null, query: FlowReportQuery | null) {
  return useQuery<LoadedFlowReport, ApiError>({
    queryKey: flowKeys.report(id ?? 0, query ?? {}),
    queryFn: async ({ signal }) => ({
      report: await getFlowReport(id as number, query as FlowReportQuery, signal),
      query: query as FlowReportQuery,
    }),
    enabled: id !== null && query !== null,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === id ? previous : undefined,
  });
}
