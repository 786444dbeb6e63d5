import { okMessage } from '@/lib/contracts/common';
import { reportAnswerSchema, reportListSchema, savedReportSchema } from '@/lib/contracts/reports';
import { q, saveId, type ParityTable, type Saved } from './table';

/**
 * reports.handlers.ts and its canned answers (reports-answers.ts): the answers' numbers are made
 * up, so they are compared by shape with the real store's answer to the same query.
 */
const reportQuery = (s: Saved) => ({
  brand_id: Number(s.brand),
  type: 'trend' as const,
  series: [{ event: 'page_view', measure: 'total' as const }],
  granularity: 'day' as const,
  date_preset: 'past_7_day' as const,
});
export const reports: ParityTable = {
  file: 'reports.handlers.ts',
  title: 'saved reports and canned answers',
  realEvents: [
    { event: 'page_view', customer: 'c1', daysAgo: 2, properties: { country: 'FR' } },
    { event: 'signed_up', customer: 'c1', daysAgo: 1 },
    { event: 'page_view', customer: 'c1', daysAgo: 0, properties: { country: 'FR' } },
    { event: 'page_view', customer: 'c2', daysAgo: 1, properties: { country: 'DE' } },
  ],
  steps: [
    {
      name: 'list (empty)',
      method: 'GET',
      path: (s) => `/v1/reports?${q(s)}`,
      contract: reportListSchema,
    },
    {
      name: 'create',
      method: 'POST',
      path: '/v1/reports',
      bodyOf: (s) => ({ brand_id: s.brand, name: 'Page views', query: reportQuery(s) }),
      contract: savedReportSchema,
      save: saveId('report'),
    },
    {
      name: 'refuse a query about another product',
      method: 'POST',
      path: '/v1/reports',
      bodyOf: (s) => ({
        brand_id: s.brand,
        name: 'Elsewhere',
        query: { ...reportQuery(s), brand_id: 999999 },
      }),
    },
    {
      name: 'read',
      method: 'GET',
      path: (s) => `/v1/reports/${s.report}`,
      contract: savedReportSchema,
    },
    {
      name: 'refuse it to another account',
      method: 'GET',
      path: (s) => `/v1/reports/${s.report}`,
      stranger: true,
    },
    {
      name: 'update',
      method: 'PUT',
      path: (s) => `/v1/reports/${s.report}`,
      bodyOf: (s) => ({
        brand_id: s.brand,
        name: 'Page views, pinned',
        query: { ...reportQuery(s), granularity: 'week' },
        chart: { kind: 'bar', stacked: true },
        pinned: true,
      }),
      contract: savedReportSchema,
    },
    {
      name: 'list pinned',
      method: 'GET',
      path: (s) => `/v1/reports?${q(s)}&pinned=true`,
      contract: reportListSchema,
    },
    {
      name: 'trend answer (shape)',
      method: 'POST',
      path: '/v1/reports/query',
      bodyOf: (s) => ({ ...reportQuery(s), compare: true }),
      contract: reportAnswerSchema,
      compare: 'shape',
    },
    {
      name: 'trend answer with a breakdown (shape)',
      method: 'POST',
      path: '/v1/reports/query',
      bodyOf: (s) => ({ ...reportQuery(s), breakdown: { property: 'country', source: 'event' } }),
      contract: reportAnswerSchema,
      compare: 'shape',
    },
    {
      name: 'funnel answer (shape)',
      method: 'POST',
      path: '/v1/reports/query',
      bodyOf: (s) => ({
        brand_id: s.brand,
        type: 'funnel',
        steps: [{ event: 'page_view' }, { event: 'signed_up' }],
        window: { value: 7, unit: 'days' },
        date_preset: 'past_30_day',
      }),
      contract: reportAnswerSchema,
      compare: 'shape',
    },
    {
      name: 'retention answer (shape)',
      method: 'POST',
      path: '/v1/reports/query',
      bodyOf: (s) => ({
        brand_id: s.brand,
        type: 'retention',
        start_event: 'signed_up',
        return_event: 'page_view',
        period: 'week',
        intervals: 4,
        date_preset: 'past_30_day',
      }),
      contract: reportAnswerSchema,
      compare: 'shape',
    },
    {
      name: 'refuse a reversed custom range',
      method: 'POST',
      path: '/v1/reports/query',
      bodyOf: (s) => ({
        ...reportQuery(s),
        date_preset: 'custom_range',
        from: '2026-02-01',
        to: '2026-01-01',
      }),
    },
    {
      name: 'delete',
      method: 'DELETE',
      path: (s) => `/v1/reports/${s.report}`,
      contract: okMessage,
    },
    { name: 'refuse the deleted one', method: 'GET', path: (s) => `/v1/reports/${s.report}` },
  ],
};
