/**
 * The demo's segments (docs/segments.md), for `npm run seed:demo`: three segments of the demo
 * product over the seeded customers and shop events (one by behaviour, one by attribute, one by
 * an event that never happened), saved through the API. A second run adds nothing.
 */
import type { DemoCall } from './seed-demo-tours';

const ordersAnytime = (condition_type: 'at_least' | 'at_most', value: number) => ({
  type: 'event' as const,
  event_code: 'Order Completed',
  frequency: { condition_type, value },
  timeframe: { condition_type: 'anytime' as const },
  attribute_conditions: [],
  attribute_condition_operator: 'AND' as const,
});

/** Name and definition, as POST /v1/segments takes them (the server checks the definition). */
export const DEMO_SEGMENTS: { name: string; definition: object }[] = [
  {
    name: 'Big spenders',
    definition: { operator: 'AND', conditions: [ordersAnytime('at_least', 3)] },
  },
  {
    name: 'Paid plans',
    definition: {
      operator: 'OR',
      conditions: ['starter', 'growth', 'scale'].map((value) => ({
        type: 'customer',
        customer_key: 'plan',
        condition_type: 'exact',
        value,
      })),
    },
  },
  {
    name: 'Never ordered',
    definition: { operator: 'AND', conditions: [ordersAnytime('at_most', 0)] },
  },
];

/**
 * Saves the demo segments the product does not have yet (matched by name). Answers the names
 * saved now and the id of every demo segment, saved now or before.
 */
export async function seedDemoSegments(opts: { call: DemoCall; brandId: number }) {
  const { call, brandId } = opts;
  const listed = await call('GET', `/v1/segments?brand_id=${brandId}&limit=100`);
  const ids = new Map(
    (
      (listed.body as unknown as { data?: { data: { id: number; name: string }[] } }).data?.data ??
      []
    ).map((s) => [s.name, s.id]),
  );
  const saved: string[] = [];
  for (const segment of DEMO_SEGMENTS) {
    if (ids.has(segment.name)) continue;
    const res = await call('POST', '/v1/segments', { ...segment, brand_id: brandId });
    if (res.status !== 201)
      throw new Error(`demo segment "${segment.name}": ${JSON.stringify(res.body)}`);
    ids.set(segment.name, (res.body.data as { id: number }).id);
    saved.push(segment.name);
  }
  return { saved, ids };
}
