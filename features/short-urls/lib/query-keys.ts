import type { ShortUrlReportParams } from '@/api/short-urls';

/** Links per page of the Shorten URLs list. */
export const SHORT_URL_PAGE_SIZE = 20;

/** Parameters that identify one list of links (the pages live in the infinite query). */
export interface ShortUrlListParams {
  brand_id: number;
  search: string;
}

/** Query keys of short links. */
export const shortUrlKeys = {
  all: ['short-urls'] as const,
  lists: () => [...shortUrlKeys.all, 'list'] as const,
  list: (params: ShortUrlListParams) => [...shortUrlKeys.lists(), params] as const,
  details: () => [...shortUrlKeys.all, 'detail'] as const,
  detail: (id: number) => [...shortUrlKeys.details(), id] as const,
  reports: (id: number) => [...shortUrlKeys.all, 'report', id] as const,
  report: (id: number, params: ShortUrlReportParams) =>
    [...shortUrlKeys.reports(id), params] as const,
};
