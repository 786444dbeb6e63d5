import type { ListFlowsParams } from '@/api/flows';
import type { FlowReportQuery } from '@/lib/contracts/flow-runtime';

/** Tours per page of the /flows list. */
export const FLOW_LIST_PAGE_SIZE = 20;

/**
 * Parameters that identify one flows list: the request's query (typed from the contract,
 * api/flows.ts) without its page, which lives inside the infinite query.
 */
export type FlowListParams = Omit<ListFlowsParams, 'cursor' | 'limit'>;

/** Query keys of product tours. */
export const flowKeys = {
  all: ['flows'] as const,
  lists: () => [...flowKeys.all, 'list'] as const,
  list: (params: FlowListParams) => [...flowKeys.lists(), params] as const,
  details: () => [...flowKeys.all, 'detail'] as const,
  detail: (id: number) => [...flowKeys.details(), id] as const,
  reports: () => [...flowKeys.all, 'report'] as const,
  /** One report: the tour and every parameter of the range (preset, dates, granularity). */
  report: (id: number, query: FlowReportQuery) => [...flowKeys.reports(), id, query] as const,
};
