import type { SegmentDefinition } from '../../../../lib/contracts/segments';
import { MESSAGES } from '../../../../lib/messages';
import { segmentProblems, type SegmentProblem } from '../../../../lib/segments/problems';
import { referenceProblem } from '../../../../lib/segments/references';
import { AppError, notFound } from '../../../errors';
import type { BrandAccess } from '../../brands/brand-access';
import type { ProfileRow } from '../../profiles/profiles.repository';
import type { SegmentsRepository } from '../segments.repository';
import { SegmentNotEvaluable, type ResolveSegment } from './evaluate';
import type { SegmentEngine } from './members';

/**
 * Preview and members of segments (docs/segments.md, "Engine"): the owner's product or segment
 * checked first (another account's answers 404), the definition checked as a save checks it, then
 * the set evaluator. Segments are read through the segments repository only.
 */

const invalid = (p: SegmentProblem) =>
  new AppError(400, 'validation_error', p.message, [{ path: p.path, message: p.message }]);

/** The engine's refusal (a rule it cannot evaluate) as a 400: never a skipped condition. */
async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof SegmentNotEvaluable)
      throw new AppError(400, 'segment_not_evaluable', err.message, [
        { path: 'definition', message: err.message },
      ]);
    throw err;
  }
}

/**
 * Reads the first member before the answer starts, so a refusal (a 429 past the account's share
 * of walks) or a failed first page is answered as an error, not as a broken download; the rest
 * is read as the client reads it.
 */
async function primed<T>(it: AsyncGenerator<T>): Promise<AsyncGenerator<T>> {
  const first = await it.next();
  async function* rest(): AsyncGenerator<T> {
    if (first.done) return;
    yield first.value;
    yield* it;
  }
  const r = rest();
  const end = r.return.bind(r);
  // Closed before anything was read (the client went away): the started walk is closed too.
  r.return = async (value) => {
    await it.return(undefined);
    return end(value);
  };
  return r;
}

export function createSegmentMembersService(deps: {
  segments: SegmentsRepository;
  access: BrandAccess;
  engine: SegmentEngine;
  now?: () => number;
}) {
  const { segments, access, engine } = deps;
  const clock = deps.now ?? Date.now;

  /** The product's segments by id, for references. */
  async function resolver(brandId: number): Promise<ResolveSegment> {
    const byId = new Map((await segments.ofBrand(brandId)).map((s) => [s.id, s.definition]));
    return (id) => byId.get(id);
  }

  /** A stored segment of the owner, with what its definition reads. */
  async function stored(ownerId: string, id: number) {
    const row = await segments.find(ownerId, id);
    if (!row) throw notFound(MESSAGES.segments.notFound);
    return { row, resolve: await resolver(row.brandId) };
  }

  return {
    /**
     * The count and sample of a definition being edited: an estimate past the time budget unless
     * `exact` (docs/segments.md, "Preview").
     */
    async preview(
      ownerId: string,
      body: { brand_id: number; definition: SegmentDefinition; exact?: boolean },
    ) {
      await access.owned(ownerId, body.brand_id);
      const problem = segmentProblems(body.definition);
      if (problem) throw invalid(problem);
      const others = await segments.ofBrand(body.brand_id);
      const ref = referenceProblem({ name: '', definition: body.definition }, others);
      if (ref) throw invalid(ref);
      const byId = new Map(others.map((s) => [s.id, s.definition]));
      const started = clock();
      const counted = await refusing(() =>
        engine.count(body.brand_id, body.definition, (id) => byId.get(id), {
          estimate: body.exact !== true,
        }),
      );
      const { count, sample, exact } = counted;
      const took_ms = Math.max(0, clock() - started);
      return counted.exact
        ? { count, sample, exact, took_ms }
        : { count, sample, exact, ci95: counted.ci95, took_ms };
    },

    async list(ownerId: string, id: number, q: { after: number; limit: number }) {
      const { row, resolve } = await stored(ownerId, id);
      const page = await refusing(() => engine.list(row.brandId, row.definition, resolve, q));
      // The total is an exact count: the list of segments shows it from now on.
      await segments.storeCount(row.id, {
        brandId: row.brandId,
        definition: row.definition,
        count: page.total,
        computedAt: page.computedAt,
      });
      return page;
    },

    /** Every member in profile id order, read a page at a time (the export). */
    async all(ownerId: string, id: number): Promise<AsyncGenerator<ProfileRow[]>> {
      const { row, resolve } = await stored(ownerId, id);
      return refusing(() => primed(engine.memberPages(row.brandId, row.definition, resolve)));
    },
  };
}
export type SegmentMembersService = ReturnType<typeof createSegmentMembersService>;
