/**
 * The demo's segment-targeted tour, for `npm run seed:demo`: a published thank-you modal whose
 * only trigger is "In segment Big spenders" (docs/flows.md, "Segment trigger"; docs/segments.md,
 * "Targeting tours"), saved through the API after the segments (scripts/seed-demo-segments.ts).
 * It has no history of its own: the runtime decides it per visitor from the next ask on. A second
 * run saves nothing; a tour of that name that lost its trigger or was unpublished is set back.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Flow, FlowInput } from '../lib/contracts/flows';
import type { TourCall } from './seed-demo-tours';

export const SEGMENT_TOUR = 'Thanks for shopping with us';
/** The demo segment the tour targets (one of DEMO_SEGMENTS). */
export const SEGMENT_TOUR_SEGMENT = 'Big spenders';

/** The tour's whole trigger: the visitor is in the segment. */
export const segmentTrigger = (segmentId: number): FlowInput['condition'] => ({
  trigger_conditions: [
    { trigger_type: 'segment', conditions: [{ segment_id: segmentId, negate: false }] },
  ],
  trigger_operator: 'AND',
});

/** One modal, once per visitor, for customers of the segment. */
export const segmentTour = (brandId: number, segmentId: number): FlowInput => ({
  brand_id: brandId,
  name: SEGMENT_TOUR,
  publish: true,
  condition: segmentTrigger(segmentId),
  display_type: 'once',
  priority: 20,
  steps: [
    {
      id: 'thanks',
      type: 'modal',
      content:
        '<h2>Thanks for shopping with us</h2><p>You are one of our best customers: use the code <strong>THANKYOU</strong> for 10% off your next order.</p>',
      buttons: [
        {
          id: 'thanks-close',
          label: 'Got it',
          background_color: '#2563eb',
          color: '#ffffff',
          actions: [{ type: 'dismiss' }],
        },
      ],
    },
  ],
});

/**
 * The stored tour set back to `intended`'s trigger and published, or null when it already is
 * both: its steps and the rest stay as they are.
 */
export function retriggered(stored: Flow, intended: FlowInput): FlowInput | null {
  // Deep equality, not JSON text: the store may answer the keys in another order.
  const same = isDeepStrictEqual(stored.condition, intended.condition);
  if (same && stored.status === 'published') return null;
  const { id: _id, status: _status, created_at: _c, updated_at: _u, ...body } = stored;
  return { ...body, condition: intended.condition, publish: true };
}

/**
 * Creates the segment tour targeting `segmentId` unless a tour of that name exists (then sets its
 * trigger back and publishes it when needed, see `retriggered`). Answers what was done.
 */
export async function seedDemoSegmentTour(opts: {
  call: TourCall;
  brandId: number;
  segmentId: number;
}): Promise<{ id: number; action: 'created' | 'updated' | 'kept' }> {
  const { call, brandId, segmentId } = opts;
  const intended = segmentTour(brandId, segmentId);
  const q = `brand_id=${brandId}&search=${encodeURIComponent(SEGMENT_TOUR)}&limit=100`;
  const list = (await call('GET', `/v1/flows?${q}`)).body.data as {
    data: { id: number; name: string }[];
  };
  const found = list.data.find((f) => f.name === SEGMENT_TOUR);
  if (!found) {
    const res = await call('POST', '/v1/flows', intended);
    if (res.status !== 201)
      throw new Error(`creating "${SEGMENT_TOUR}" answered ${res.status}: ${JSON.stringify(res)}`);
    return { id: (res.body.data as { id: number }).id, action: 'created' };
  }
  const stored = (await call('GET', `/v1/flows/${found.id}`)).body.data as Flow;
  const body = retriggered(stored, intended);
  if (!body) return { id: found.id, action: 'kept' };
  const res = await call('PUT', `/v1/flows/${found.id}`, body);
  if (res.status !== 200)
    throw new Error(`updating "${SEGMENT_TOUR}" answered ${res.status}: ${JSON.stringify(res)}`);
  return { id: found.id, action: 'updated' };
}
