import { describe, expect, it } from 'vitest';
import { ENGINE, setupTestAccount } from './helpers';
import { aFlow, aFlowCondition, aSegmentTrigger, aUrlTrigger } from '../fixtures/flows';
import { createSegment } from '../fixtures/segments';
import { MESSAGES } from '@/lib/messages';
import type { FlowBody } from '@/lib/contracts/flows';
import { createBrandAccess } from '@/server/modules/brands/brand-access';
import { createBrandsRepository } from '@/server/modules/brands/brands.repository';
import { createFlowsRepository } from '@/server/modules/flows/flows.repository';
import { createFlowsService } from '@/server/modules/flows/flows.service';
import { createPlansRepository } from '@/server/modules/plans/plans.repository';
import { createSegmentsRepository } from '@/server/modules/segments/segments.repository';
import { createSegmentsService } from '@/server/modules/segments/segments.service';

/**
 * Publishing a tour that targets a segment and deleting that segment at the same time run one
 * after the other, each checking under the product's lock (docs/segments.md, "Targeting tours"):
 * never both succeed, so no published tour targets a deleted segment.
 */
const t = setupTestAccount();
const { call } = t;

const ROUNDS = 20;
const body = (trigger?: ReturnType<typeof aSegmentTrigger>, publish = false) => ({
  ...aFlow({
    brand_id: t.brandId,
    name: 'Raced tour',
    condition: trigger
      ? aFlowCondition(aUrlTrigger({ value: '/race' }), trigger)
      : aFlowCondition(aUrlTrigger({ value: '/race' })),
  }),
  publish,
});

describe(`a tour published while its segment is deleted (${ENGINE})`, () => {
  it('never both succeed: the delete answers 409 or the publish answers 400', async () => {
    const created = await call('POST', '/v1/flows', body());
    expect(created.statusCode, created.body).toBe(201);
    const tourId = created.json().data.id as number;
    const outcomes = { published: 0, deleted: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      const s = await createSegment(call, t.brandId, `Raced ${round}`);
      const [publish, remove] = await Promise.all([
        call('PUT', `/v1/flows/${tourId}`, body(aSegmentTrigger({ segment_id: s.id }), true)),
        call('DELETE', `/v1/segments/${s.id}`),
      ]);
      const segment = await call('GET', `/v1/segments/${s.id}`);
      const tour = (await call('GET', `/v1/flows/${tourId}`)).json().data;
      const context = `round ${round}: PUT ${publish.body} / DELETE ${remove.body}`;
      if (publish.statusCode === 200) {
        outcomes.published += 1;
        expect(remove.statusCode, context).toBe(409);
        expect(remove.json().message, context).toBe(MESSAGES.segments.usedByTour('Raced tour'));
        expect(segment.statusCode, context).toBe(200);
        expect(tour.status, context).toBe('published');
        // Unpublished, the tour lets the segment go before the next round.
        expect((await call('PUT', `/v1/flows/${tourId}`, body())).statusCode).toBe(200);
        expect((await call('DELETE', `/v1/segments/${s.id}`)).statusCode).toBe(200);
      } else {
        outcomes.deleted += 1;
        expect(publish.statusCode, context).toBe(400);
        expect(publish.json().message, context).toBe(MESSAGES.segments.unknownSegment);
        expect(remove.statusCode, context).toBe(200);
        expect(segment.statusCode, context).toBe(404);
        expect(tour.status, context).toBe('unpublished');
        expect(JSON.stringify(tour.condition), context).not.toContain(`"segment_id":${s.id}`);
      }
    }
    expect(outcomes.published + outcomes.deleted).toBe(ROUNDS);
  });
});

/**
 * The services as server/container.ts wires them, with `paused` run between each side's check and
 * its write: one side waits there until the other has answered (or, when the other waits for it,
 * a moment), so the two overlap the same way every time.
 */
function services(paused: { publish?: () => Promise<void>; remove?: () => Promise<void> }) {
  const { db } = t.database;
  const flows = createFlowsRepository(db);
  const segments = createSegmentsRepository(db);
  const access = createBrandAccess(createBrandsRepository(db));
  return {
    flows: createFlowsService({
      flows,
      access,
      db,
      plans: createPlansRepository(db),
      segmentIdsOf: async (brandId, tx) => {
        const locked = await segments.lockIn(tx, brandId);
        const ids = new Set((await locked.ofBrand(brandId)).map((s) => s.id));
        await paused.publish?.();
        return ids;
      },
    }),
    segments: createSegmentsService({
      segments,
      access,
      tourTargeting: async (brandId, segmentId, tx) => {
        const tour = await flows.tourTargeting(brandId, segmentId, tx);
        await paused.remove?.();
        return tour;
      },
    }),
  };
}

/** Resolves when `settled` does, or after a moment: the other side may be waiting for us. */
const untilOrMoment = (settled: Promise<void>) =>
  Promise.race([settled, new Promise((r) => setTimeout(r, 1500))]);

const outcome = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (err) {
    return (err as { status?: number }).status;
  }
};

describe(`the check and the write of each side hold the product's lock (${ENGINE})`, () => {
  for (const first of ['publish', 'remove'] as const) {
    it(`with the ${first} paused after its check, the other side waits and fails`, async () => {
      const s = await createSegment(call, t.brandId, `Paused ${first}`);
      const created = await call('POST', '/v1/flows', body());
      const tourId = created.json().data.id as number;
      let started!: () => void;
      const checked = new Promise<void>((r) => (started = r));
      let answered!: () => void;
      const otherAnswered = new Promise<void>((r) => (answered = r));
      const svc = services({
        [first]: async () => {
          started();
          await untilOrMoment(otherAnswered);
        },
      });
      const publish = () =>
        svc.flows.update(
          t.userId,
          tourId,
          body(aSegmentTrigger({ segment_id: s.id }), true) as FlowBody,
        );
      const remove = () => svc.segments.remove(t.userId, s.id);
      const firstRun = first === 'publish' ? publish() : remove();
      await checked;
      const other = first === 'publish' ? remove() : publish();
      other.then(answered, answered);
      const [a, b] = await Promise.all([outcome(firstRun), outcome(other)]);
      // The paused side checked first, so it wins; the other sees its write.
      expect(a).toBe('ok');
      expect(b).toBe(first === 'publish' ? 409 : 400);
      const segment = await call('GET', `/v1/segments/${s.id}`);
      expect(segment.statusCode).toBe(first === 'publish' ? 200 : 404);
      const tour = (await call('GET', `/v1/flows/${tourId}`)).json().data;
      expect(tour.status).toBe(first === 'publish' ? 'published' : 'unpublished');
      expect((await call('DELETE', `/v1/flows/${tourId}`)).statusCode).toBe(200);
    });
  }
});
