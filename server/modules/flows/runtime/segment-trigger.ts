import type { SegmentEventCondition } from '../../../../lib/contracts/segments';
import {
  eventConditionsOf,
  segmentHolds,
  SegmentNotEvaluable,
  type SegmentFacts,
} from '../../segments/engine/evaluate';
import type { Candidate } from './decide';
import type { SegmentDefinitions } from './published-segments';

/**
 * The segment trigger at run time (docs/flows.md, "Segment trigger"): the visitor is in a
 * segment or not by the segment engine's single-visitor evaluator over the facts the decision
 * read (profile, event counts), never by a stored member list. Work is bounded: the ids come from
 * the candidates' triggers (5 a trigger), a product holds at most 200 segments, each decided at
 * most once a decision, each at most 3 levels deep.
 */

/** The segment ids the candidates' segment triggers name. */
export function targetedSegments(candidates: Iterable<Candidate>): Set<number> {
  const ids = new Set<number>();
  for (const c of candidates)
    for (const t of c.definition.condition.trigger_conditions)
      if (t.trigger_type === 'segment') for (const s of t.conditions) ids.add(s.segment_id);
  return ids;
}

/** Segment ids as the engine resolves them (undefined: not a segment of the product). */
const resolverOf = (definitions: SegmentDefinitions) => (id: number) => definitions.get(id);

/**
 * Every event condition the targeted segments read, those of the segments they include as well:
 * the decision counts them on the same path as the tours' own event conditions. A segment the
 * engine cannot read (gone, too deep) adds none; the trigger then does not hold.
 */
export function segmentEventConditions(
  ids: Iterable<number>,
  definitions: SegmentDefinitions,
): SegmentEventCondition[] {
  const resolve = resolverOf(definitions);
  const found = new Set<SegmentEventCondition>();
  for (const id of ids) {
    const definition = definitions.get(id);
    if (!definition) continue;
    try {
      for (const e of eventConditionsOf(definition, resolve)) found.add(e);
    } catch (err) {
      if (!(err instanceof SegmentNotEvaluable)) throw err;
    }
  }
  return [...found];
}

/**
 * Whether the visitor of `facts` is in each segment, decided once per segment and decision;
 * undefined for a segment the product does not hold or the engine refuses to evaluate.
 */
export function segmentMembership(
  definitions: SegmentDefinitions,
  facts: SegmentFacts,
  now: number,
): (id: number) => boolean | undefined {
  const resolve = resolverOf(definitions);
  const memo = new Map<number, boolean | undefined>();
  return (id) => {
    if (memo.has(id)) return memo.get(id);
    const definition = definitions.get(id);
    let inside: boolean | undefined;
    try {
      inside = definition ? segmentHolds(definition, facts, now, resolve) : undefined;
    } catch (err) {
      if (!(err instanceof SegmentNotEvaluable)) throw err;
      inside = undefined;
    }
    memo.set(id, inside);
    return inside;
  };
}

/**
 * What the candidates' segment triggers need read: the product's segment definitions (only when
 * a candidate has a segment trigger) and the event conditions inside the targeted segments.
 */
export async function segmentReads(
  segments: { get: (brandId: number) => Promise<SegmentDefinitions> } | undefined,
  brandId: number,
  candidates: Candidate[],
): Promise<{ definitions: SegmentDefinitions; events: SegmentEventCondition[] } | null> {
  const ids = targetedSegments(candidates);
  if (ids.size === 0 || !segments) return null;
  const definitions = await segments.get(brandId);
  return { definitions, events: segmentEventConditions(ids, definitions) };
}
