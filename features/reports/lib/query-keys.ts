import type { ReportQueryInput } from '@/api/reports';

/** Saved reports per page of the Reports List. */
export const REPORT_LIST_PAGE_SIZE = 20;
/** Reports a product's dashboard shows (the pinned ones, newest change first). */
export const DASHBOARD_REPORT_LIMIT = 50;

/** Parameters that identify one list of saved reports (the pages live in the infinite query). */
export interface ReportListParams {
  brand_id?: number;
  pinned?: boolean;
  search: string;
}

/** Query keys of reports. */
export const reportKeys = {
  all: ['reports'] as const,
  lists: () => [...reportKeys.all, 'list'] as const,
  list: (params: ReportListParams) => [...reportKeys.lists(), params] as const,
  details: () => [...reportKeys.all, 'detail'] as const,
  detail: (id: number) => [...reportKeys.details(), id] as const,
  answers: () => [...reportKeys.all, 'answer'] as const,
  /** One answer: every field of the query body. */
  answer: (query: ReportQueryInput) => [...reportKeys.answers(), query] as const,
  funnelCustomers: (query: object) => [...reportKeys.all, 'funnel-customers', query] as const,
  /** The newest events of one code, read for the properties they carry. */
  seenProperties: (brandId: number, code: string) =>
    [...reportKeys.all, 'seen-properties', brandId, code] as const,
};
