import { okMessage } from '@/lib/contracts/common';
import { profileSchema } from '@/lib/contracts/customer-profiles';
import { downloadLinkSchema } from '@/lib/contracts/download-links';
import { savedSegmentSchema, segmentListSchema, segmentSchema } from '@/lib/contracts/segments';
import { z } from 'zod';
import { q, saveId, type ParityTable } from './table';

/** The stored count: the server counts a saved definition in the background, the mock does not. */
const COUNTED = ['member_count', 'computed_at'];

const definition = (...conditions: unknown[]) => ({ operator: 'AND', conditions });
const proPlan = {
  type: 'customer',
  customer_key: 'plan',
  condition_type: 'exact',
  value: 'pro',
};
const orders = {
  type: 'event',
  event_code: 'order_completed',
  frequency: { condition_type: 'at_least', value: 2 },
  timeframe: { condition_type: 'in_the_last', value: 30, unit: 'days' },
  attribute_conditions: [],
  attribute_condition_operator: 'AND',
};

/** POST /v1/segments/preview's `data` (docs/api.md): a small product is counted exactly. */
const previewSchema = z.object({
  count: z.number().int(),
  sample: z.array(profileSchema),
  exact: z.literal(true),
  took_ms: z.number(),
});
/** GET /v1/segments/{id}/members' `data` (docs/api.md). */
const membersSchema = z.object({
  data: z.array(profileSchema),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
  computed_at: z.string(),
});

/** segments.handlers.ts: the segments' list and CRUD, with the definition's checks. */
export const segments: ParityTable = {
  file: 'segments.handlers.ts',
  title: 'segments',
  steps: [
    {
      name: 'list (empty)',
      method: 'GET',
      path: (s) => `/v1/segments?${q(s)}`,
      contract: segmentListSchema,
    },
    {
      name: 'create',
      method: 'POST',
      path: '/v1/segments',
      bodyOf: (s) => ({
        brand_id: s.brand,
        name: 'Pro buyers',
        definition: definition(proPlan, orders),
      }),
      contract: segmentSchema,
      madeUp: COUNTED,
      save: saveId('segment'),
    },
    {
      name: 'refuse a taken name',
      method: 'POST',
      path: '/v1/segments',
      bodyOf: (s) => ({ brand_id: s.brand, name: 'Pro buyers', definition: definition(proPlan) }),
    },
    {
      name: "refuse a condition's value, at its path",
      method: 'POST',
      path: '/v1/segments',
      bodyOf: (s) => ({
        brand_id: s.brand,
        name: 'Bad',
        definition: definition(proPlan, {
          type: 'group',
          operator: 'OR',
          conditions: [{ ...proPlan, condition_type: '>', value: 'many' }],
        }),
      }),
    },
    {
      name: 'refuse an empty name',
      method: 'POST',
      path: '/v1/segments',
      bodyOf: (s) => ({ brand_id: s.brand, name: ' ', definition: definition(proPlan) }),
    },
    {
      name: 'create one including the first',
      method: 'POST',
      path: '/v1/segments',
      bodyOf: (s) => ({
        brand_id: s.brand,
        name: 'Loyal pros',
        definition: definition({ type: 'segment', segment_id: s.segment, negate: false }),
      }),
      contract: segmentSchema,
      madeUp: COUNTED,
      save: saveId('includer'),
    },
    {
      name: 'refuse a cycle',
      method: 'PUT',
      path: (s) => `/v1/segments/${s.segment}`,
      bodyOf: (s) => ({
        brand_id: s.brand,
        name: 'Pro buyers',
        definition: definition({ type: 'segment', segment_id: s.includer, negate: true }),
      }),
    },
    {
      name: 'refuse deleting an included segment',
      method: 'DELETE',
      path: (s) => `/v1/segments/${s.segment}`,
    },
    {
      name: 'read',
      method: 'GET',
      path: (s) => `/v1/segments/${s.segment}`,
      contract: segmentSchema,
      madeUp: COUNTED,
    },
    {
      // No published tour reads it: `membership_change` is null on both sides.
      name: 'update',
      method: 'PUT',
      path: (s) => `/v1/segments/${s.segment}`,
      bodyOf: (s) => ({
        brand_id: s.brand,
        name: 'Pro customers',
        definition: definition(proPlan),
      }),
      contract: savedSegmentSchema,
      madeUp: COUNTED,
    },
    {
      name: 'update only the name',
      method: 'PUT',
      path: (s) => `/v1/segments/${s.segment}`,
      bodyOf: (s) => ({
        brand_id: s.brand,
        name: 'Pro clients',
        definition: definition(proPlan),
      }),
      contract: savedSegmentSchema,
      madeUp: COUNTED,
    },
    {
      name: 'list a page with search',
      method: 'GET',
      path: (s) => `/v1/segments?${q(s)}&search=PRO&limit=1`,
      contract: segmentListSchema,
      madeUp: COUNTED,
    },
    {
      name: 'preview',
      method: 'POST',
      path: '/v1/segments/preview',
      bodyOf: (s) => ({ brand_id: s.brand, definition: definition(proPlan, orders) }),
      contract: previewSchema,
      // The mock's canned profiles are not the server's.
      madeUp: ['count', 'sample', 'took_ms'],
    },
    {
      name: 'preview, counted exactly',
      method: 'POST',
      path: '/v1/segments/preview',
      bodyOf: (s) => ({ brand_id: s.brand, definition: definition(proPlan), exact: true }),
      contract: previewSchema,
      madeUp: ['count', 'sample', 'took_ms'],
    },
    {
      name: 'refuse a preview whose exact is not true or false',
      method: 'POST',
      path: '/v1/segments/preview',
      bodyOf: (s) => ({ brand_id: s.brand, definition: definition(proPlan), exact: 'yes' }),
    },
    {
      name: 'refuse an empty preview, at its path',
      method: 'POST',
      path: '/v1/segments/preview',
      bodyOf: (s) => ({ brand_id: s.brand, definition: definition() }),
    },
    {
      name: 'members',
      method: 'GET',
      path: (s) => `/v1/segments/${s.segment}/members?limit=5`,
      contract: membersSchema,
      madeUp: ['data', 'total', 'computed_at'],
    },
    {
      name: 'a download link to the members as CSV',
      method: 'POST',
      path: '/v1/download-links',
      bodyOf: (s) => ({ path: `/v1/segments/${s.segment}/members?format=csv` }),
      contract: downloadLinkSchema,
      // The mock's link carries the file (a data: URL): MSW never sees a browser's navigation.
      madeUp: ['url', 'expires_at'],
    },
    {
      name: 'refuse a download link to an address that is no download',
      method: 'POST',
      path: '/v1/download-links',
      bodyOf: (s) => ({ path: `/v1/segments/${s.segment}` }),
    },
    {
      name: 'refuse a bad members cursor',
      method: 'GET',
      path: (s) => `/v1/segments/${s.segment}/members?cursor=nope`,
    },
    {
      name: 'refuse the members to another account',
      method: 'GET',
      path: (s) => `/v1/segments/${s.segment}/members`,
      stranger: true,
    },
    {
      name: 'refuse a bad cursor',
      method: 'GET',
      path: (s) => `/v1/segments?${q(s)}&cursor=nope`,
    },
    {
      name: 'refuse it to another account',
      method: 'GET',
      path: (s) => `/v1/segments/${s.segment}`,
      stranger: true,
    },
    {
      name: 'delete the includer',
      method: 'DELETE',
      path: (s) => `/v1/segments/${s.includer}`,
      contract: okMessage,
    },
    {
      name: 'delete',
      method: 'DELETE',
      path: (s) => `/v1/segments/${s.segment}`,
      contract: okMessage,
    },
    {
      name: 'read a deleted segment',
      method: 'GET',
      path: (s) => `/v1/segments/${s.segment}`,
    },
  ],
};
