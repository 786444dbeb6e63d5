import { okMessage } from '@/lib/contracts/common';
import { targetHealthSettingsSchema } from '@/lib/contracts/target-health';
import { flowReportSchema } from '@/lib/contracts/flow-runtime';
import { flowListSchema, flowSchema, type FlowBody } from '@/lib/contracts/flows';
import { segmentSchema } from '@/lib/contracts/segments';
import { aButton, aFlow, aStep } from '../../fixtures/flows';
import { q, saveId, type ParityTable, type Saved } from './table';

/** A tour of the account's product with one modal step and its Done button. */
const flowBody = (s: Saved, over: Partial<FlowBody> = {}) =>
  aFlow({
    brand_id: Number(s.brand),
    steps: [aStep({ id: 'step-1', buttons: [aButton({ id: 'btn-1', label: 'Done' })] })],
    ...over,
  });

/** A segment trigger: in the segment `segment_id`. */
const inSegment = (s: Saved, segment_id: number) =>
  flowBody(s, {
    condition: {
      trigger_operator: 'AND',
      trigger_conditions: [
        { trigger_type: 'segment', conditions: [{ segment_id, negate: false }] },
      ],
    },
  });

/** flows.handlers.ts: product tours. */
export const flows: ParityTable = {
  file: 'flows.handlers.ts',
  title: 'product tours and their report',
  steps: [
    {
      name: 'list (empty)',
      method: 'GET',
      path: (s) => `/v1/flows?${q(s)}`,
      contract: flowListSchema,
    },
    {
      name: 'create',
      method: 'POST',
      path: '/v1/flows',
      bodyOf: (s) => flowBody(s),
      contract: flowSchema,
      save: saveId('flow'),
    },
    {
      name: 'refuse publishing an incomplete tour',
      method: 'POST',
      path: '/v1/flows',
      bodyOf: (s) => flowBody(s, { publish: true, steps: [] }),
    },
    {
      name: "refuse a tour's theme override on the free plan",
      method: 'POST',
      path: '/v1/flows',
      bodyOf: (s) => flowBody(s, { theme_override: { corner_radius: 4 } }),
    },
    {
      name: 'create a segment to target',
      method: 'POST',
      path: '/v1/segments',
      bodyOf: (s) => ({
        brand_id: s.brand,
        name: 'Tour audience',
        definition: {
          operator: 'AND',
          conditions: [
            { type: 'customer', customer_key: 'plan', condition_type: 'exact', value: 'pro' },
          ],
        },
      }),
      contract: segmentSchema,
      save: saveId('audience'),
    },
    {
      name: 'save a segment trigger',
      method: 'PUT',
      path: (s) => `/v1/flows/${s.flow}`,
      bodyOf: (s) => inSegment(s, Number(s.audience)),
      contract: flowSchema,
    },
    {
      name: 'refuse a segment trigger naming no segment of the product',
      method: 'PUT',
      path: (s) => `/v1/flows/${s.flow}`,
      bodyOf: (s) => inSegment(s, 2147483647),
    },
    {
      name: 'delete the targeted segment (the tour is not published)',
      method: 'DELETE',
      path: (s) => `/v1/segments/${s.audience}`,
      contract: okMessage,
    },
    { name: 'read', method: 'GET', path: (s) => `/v1/flows/${s.flow}`, contract: flowSchema },
    { name: 'refuse a malformed id', method: 'GET', path: '/v1/flows/first' },
    {
      name: 'refuse it to another account',
      method: 'GET',
      path: (s) => `/v1/flows/${s.flow}`,
      stranger: true,
    },
    {
      name: 'update and publish',
      method: 'PUT',
      path: (s) => `/v1/flows/${s.flow}`,
      bodyOf: (s) => flowBody(s, { name: 'Welcome tour v2', publish: true }),
      contract: flowSchema,
    },
    {
      name: 'duplicate',
      method: 'POST',
      path: (s) => `/v1/flows/${s.flow}/duplicate`,
      contract: flowSchema,
      save: saveId('copy'),
    },
    {
      name: 'list',
      method: 'GET',
      path: (s) => `/v1/flows?${q(s)}&sort_by=name&sort_order=asc`,
      contract: flowListSchema,
    },
    {
      name: 'report (shape)',
      method: 'GET',
      path: (s) => `/v1/flows/${s.flow}/report?date_preset=past_7_day`,
      contract: flowReportSchema,
      compare: 'shape',
    },
    {
      name: 'pause automatically when broken',
      method: 'PUT',
      path: (s) => `/v1/flows/${s.flow}/target-health`,
      body: { pause_when_broken: true },
      contract: targetHealthSettingsSchema,
    },
    {
      name: 'refuse a pause option that is not a boolean',
      method: 'PUT',
      path: (s) => `/v1/flows/${s.flow}/target-health`,
      body: { pause_when_broken: 'yes' },
    },
    {
      name: 'refuse a reversed range',
      method: 'GET',
      path: (s) =>
        `/v1/flows/${s.flow}/report?date_preset=custom_range&from=2026-02-01&to=2026-01-01`,
    },
    { name: 'delete', method: 'DELETE', path: (s) => `/v1/flows/${s.copy}`, contract: okMessage },
    { name: 'refuse the deleted one', method: 'GET', path: (s) => `/v1/flows/${s.copy}` },
  ],
};
