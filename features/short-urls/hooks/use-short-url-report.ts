import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ShortUrlReport } from '@/lib/contracts/short-urls';
import type { ApiError } from '@/api/http';
import { getShortUrlReport, type ShortUrlReportParams } from '@/api/short-urls';
import { shortUrlKeys } from '../lib/query-keys';

/**
 * GET /v1/short-urls/{id}/report; nothing is asked while `params` is null (a custom range still
 * missing a day). The previous answer stays on screen while another range loads.
 */
export function useShortUrlReport(id: number, params: ShortUrlReportParams | null) {
  return useQuery<ShortUrlReport, ApiError>({
    queryKey: shortUrlKeys.report(id, params ?? ({} as ShortUrlReportParams)),
    queryFn: ({ signal }) => getShortUrlReport(id, params as ShortUrlReportParams, signal),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}
