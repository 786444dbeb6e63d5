import type { z } from 'zod';
import type { Flow, FlowInput, listFlowsQuery } from '@/lib/contracts/flows';
import type { FlowReport, FlowReportQuery } from '@/lib/contracts/flow-runtime';
import type {
  flowListItemWithHealthSchema,
  flowListWithHealthSchema,
} from '@/lib/contracts/target-health';
import { http, unwrap } from './http';

/** A tour of GET /v1/flows, with its target health when published (docs/flows.md). */
export type FlowListItem = z.infer<typeof flowListItemWithHealthSchema>;
export type FlowList = z.infer<typeof flowListWithHealthSchema>;

/** Query of GET /v1/flows as the dashboard sends it: the contract's input (defaults may be left out). */
export type ListFlowsParams = z.input<typeof listFlowsQuery>;

/** GET /v1/flows: one page of a product's tours (filter and order: docs/flows.md). */
export const listFlows = (params: ListFlowsParams, signal?: AbortSignal) =>
  unwrap<FlowList>(http.get('/v1/flows', { params, signal }));

/** POST /v1/flows: saves a flow (a draft may be incomplete). */
export const createFlow = (body: FlowInput) => unwrap<Flow>(http.post('/v1/flows', body));

/** POST /v1/flows/{id}/duplicate: an unpublished copy. */
export const duplicateFlow = (id: number) => unwrap<Flow>(http.post(`/v1/flows/${id}/duplicate`));

/** DELETE /v1/flows/{id}. */
export const deleteFlow = (id: number) =>
  unwrap<{ message: string }>(http.delete(`/v1/flows/${id}`));

/** GET /v1/flows/{id}: the whole flow with its canvas layout. */
export const getFlow = (id: number, signal?: AbortSignal) =>
  unwrap<Flow>(http.get(`/v1/flows/${id}`, { signal }));

/**
 * GET /v1/flows/{id}/report: totals, series and step funnel of a tour over a date range
 * (docs/flows.md, "The report"); 404 for a tour of another account.
 */
export const getFlowReport = (id: number, query: FlowReportQuery, signal?: AbortSignal) =>
  unwrap<FlowReport>(http.get(`/v1/flows/${id}/report`, { params: query, signal }));

/**
 * PUT /v1/flows/{id}: saves the flow; `publish: true` is refused while
 * docs/product/validation.md#58-flow-checks fails.
 */
export const updateFlow = (id: number, body: FlowInput) =>
  unwrap<Flow>(http.put(`/v1/flows/${id}`, body));
