import { useQuery } from '@tanstack/react-query';
import type { ReportAnswer } from '@/lib/contracts/reports';
import type { ApiError } from '@/api/http';
import { queryReport, type ReportQueryInput } from '@/api/reports';
import { reportKeys } from '../lib/query-keys';

/** The answer with the query that produced it (views read the type and granularity from it). */
export interface LoadedAnswer {
  answer: ReportAnswer;
  query: ReportQueryInput;
}

/**
 * POST /v1/reports/query for one query body; nothing is asked while `query` is null (a form
 * that does not validate yet). While another query of the same type loads, the previous answer
 * stays on screen (`isPlaceholderData`).
 */
export function useReportAnswer(query: ReportQueryInput | null) {
  return useQuery<LoadedAnswer, ApiError>({
    queryKey: reportKeys.answer(query ?? ({} as ReportQueryInput)),
    queryFn: async ({ signal }) => ({
      answer: await queryReport(query as ReportQueryInput, signal),
      query: query as ReportQueryInput,
    }),
    enabled: query !== null,
    placeholderData: (previous) =>
      previous && query && previous.query.type === query.type ? previous : undefined,
    // Reports over millions of events: the same question asked again within a minute is
    // answered from the cache.
    staleTime: 60_000,
  });
}
