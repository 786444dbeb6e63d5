import type {
  FunnelCustomer,
  FunnelCustomersQuery,
  ListReportsQuery,
  ReportAnswer,
  ReportInput,
  ReportList,
  ReportQuery,
  SavedReport,
  reportQuery,
} from '@/lib/contracts/reports';
import type { z } from 'zod';
import { http, unwrap } from './http';

/** A query body as the builder sends it (defaults such as `compare` may be left out). */
export type ReportQueryInput = z.input<typeof reportQuery>;

/**
 * Query of GET /v1/reports: the contract's query as the server reads it (`pinned` a boolean,
 * sent as `true`/`false`; the page always given).
 */
export type ListReportsParams = ListReportsQuery;

/** GET /v1/reports: one page of saved reports, newest change first (docs/reports.md). */
export const listReports = (params: ListReportsParams, signal?: AbortSignal) =>
  unwrap<ReportList>(http.get('/v1/reports', { params, signal }));

/** GET /v1/reports/{id}; 404 for another owner's report. */
export const getReport = (id: number, signal?: AbortSignal) =>
  unwrap<SavedReport>(http.get(`/v1/reports/${id}`, { signal }));

/** POST /v1/reports. */
export const createReport = (body: ReportInput) =>
  unwrap<SavedReport>(http.post('/v1/reports', body));

/** PUT /v1/reports/{id}: the whole report (name, query, chart, pinned). */
export const updateReport = (id: number, body: ReportInput) =>
  unwrap<SavedReport>(http.put(`/v1/reports/${id}`, body));

/** DELETE /v1/reports/{id}. */
export const deleteReport = (id: number) =>
  unwrap<{ message: string }>(http.delete(`/v1/reports/${id}`));

/** POST /v1/reports/query: a trend, funnel or retention answer (docs/reports.md). */
export const queryReport = (body: ReportQueryInput, signal?: AbortSignal) =>
  unwrap<ReportAnswer>(http.post('/v1/reports/query', body, { signal }));

/** POST /v1/reports/query?format=csv: the same answer as CSV text. */
export const queryReportCsv = async (body: ReportQueryInput): Promise<string> => {
  const res = await http.post<string>('/v1/reports/query', body, {
    params: { format: 'csv' },
    headers: { accept: 'text/csv' },
  });
  return typeof res.data === 'string' ? res.data : '';
};

/** POST /v1/reports/funnel-customers: who converted at, or dropped before, one funnel step. */
export const funnelCustomers = (body: FunnelCustomersQuery, signal?: AbortSignal) =>
  unwrap<{ customers: FunnelCustomer[] }>(
    http.post('/v1/reports/funnel-customers', body, { signal }),
  );

export type { ReportQuery };
