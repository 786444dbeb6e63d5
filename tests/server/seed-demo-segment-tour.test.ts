import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Flow } from '@/lib/contracts/flows';
import {
  SEGMENT_TOUR,
  SEGMENT_TOUR_SEGMENT,
  retriggered,
  segmentTour,
} from '@/scripts/seed-demo-segment-tour';
import type { ApiRequest } from './helpers';
import { demoApi, seedDemo } from './seed-demo-helpers';

/**
 * `npm run seed:demo` publishes a tour whose trigger is "In segment Big spenders" (docs/flows.md,
 * "Segment trigger"), on a throw-away DATA_DIR with a small seed: the tour's targeting, not its
 * traffic, is what is checked here.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'signpost-seed-segment-tour-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const seed = () => seedDemo(dataDir, { events: 400, days: 3, customers: 20 });

const getFlow = async (call: ApiRequest, id: number) =>
  ((await call('GET', `/v1/flows/${id}`)).json() as { data: Flow }).data;

/** The seeded tour of that name (exactly one) and the segment it should target. */
async function seeded() {
  const demo = await demoApi(dataDir);
  const named = demo.flows.filter((f) => f.name === SEGMENT_TOUR);
  expect(named).toHaveLength(1);
  const listed = await demo.call('GET', `/v1/segments?brand_id=${demo.brandId}&limit=100`);
  const segments = (listed.json() as { data: { data: { id: number; name: string }[] } }).data.data;
  const segment = segments.find((s) => s.name === SEGMENT_TOUR_SEGMENT)!;
  return { ...demo, tour: await getFlow(demo.call, named[0]!.id), segment };
}

describe('seed:demo segment tour', () => {
  it('publishes a tour whose only trigger is the Big spenders segment', async () => {
    const run = seed();
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /Segment tour: "Thanks for shopping with us" \(#\d+\) created, targeting "Big spenders"\./,
    );
    const { t, call, tour, segment } = await seeded();
    try {
      expect(tour.status).toBe('published');
      expect(tour.condition.trigger_conditions).toEqual([
        { trigger_type: 'segment', conditions: [{ segment_id: segment.id, negate: false }] },
      ]);
      expect(tour.steps.map((s) => s.type)).toEqual(['modal']);
      // Targeted by a published tour, the segment cannot be deleted: the answer names the tour.
      const del = await call('DELETE', `/v1/segments/${segment.id}`);
      expect(del.statusCode, del.body).toBe(409);
      expect(del.json().message).toContain(`"${SEGMENT_TOUR}"`);
      expect((await call('GET', `/v1/segments/${segment.id}`)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('adds no second copy when run again, and publishes again a tour unpublished by hand', async () => {
    const before = await seeded();
    const { id: _id, status: _s, created_at: _c, updated_at: _u, ...body } = before.tour;
    const off = await before.call('PUT', `/v1/flows/${before.tour.id}`, {
      ...body,
      publish: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    await before.t.close();

    const again = seed();
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain(`Segment tour: "${SEGMENT_TOUR}" (#${before.tour.id}) updated`);
    const after = await seeded();
    try {
      expect(after.tour.id).toBe(before.tour.id);
      expect(after.tour.status).toBe('published');
      expect(after.tour.steps).toEqual(before.tour.steps);
      expect(retriggered(after.tour, segmentTour(after.brandId, after.segment.id))).toBeNull();
      // A tour targeting another segment would be set back.
      expect(retriggered(after.tour, segmentTour(after.brandId, after.segment.id + 1))).toEqual(
        expect.objectContaining({
          condition: segmentTour(after.brandId, after.segment.id + 1).condition,
        }),
      );
    } finally {
      await after.t.close();
    }

    const third = seed();
    expect(third.status, third.stderr).toBe(0);
    expect(third.stdout).toContain('Segment tour: already there.');
    const last = await seeded();
    await last.t.close();
    expect(last.tour.updated_at).toBe(after.tour.updated_at);
  });
});
