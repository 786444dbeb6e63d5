import {
  MAX_SEGMENT_DEPTH,
  type SegmentCondition,
  type SegmentDefinition,
  type SegmentEventCondition,
  type SegmentLeafCondition,
} from '../../../../lib/contracts/segments';
import { MESSAGES } from '../../../../lib/messages';
import {
  customerConditionsHold,
  frequencyHolds,
  type ProfileValues,
} from '../../flows/runtime/decide';

/**
 * The single-visitor evaluator of a segment (docs/segments.md, "Engine"): whether one customer,
 * as their profile and event counts show them, is in the segment now. Built on the flow
 * decision's own checks (decide.ts), so a segment and a tour read a condition alike; the set
 * evaluator (members.ts) feeds it page by page (docs/adr/0022-segment-engine.md).
 */

export interface SegmentFacts {
  /** The profile, flattened as the flow decision reads it (reads.ts `profileValues`). */
  profile: ProfileValues;
  /** Occurrences of an event condition's event (with its attribute filters) in its window. */
  eventCount: (condition: SegmentEventCondition) => number;
}

/** The definition of another segment of the same product; undefined when there is none. */
export type ResolveSegment = (id: number) => SegmentDefinition | undefined;

/** A definition the engine refuses to evaluate (never skips): answered 400 by the routes. */
export class SegmentNotEvaluable extends Error {
  constructor(
    message: string,
    readonly path: (string | number)[] = [],
  ) {
    super(message);
    this.name = 'SegmentNotEvaluable';
  }
}

/** A segment counts as depth 1; each segment it reads through a reference adds one. */
function referenced(id: number, resolve: ResolveSegment, depth: number): SegmentDefinition {
  if (depth + 1 > MAX_SEGMENT_DEPTH)
    throw new SegmentNotEvaluable(MESSAGES.segments.tooDeep(MAX_SEGMENT_DEPTH));
  const definition = resolve(id);
  if (!definition) throw new SegmentNotEvaluable(MESSAGES.segments.unknownSegment);
  return definition;
}

function joined<T>(items: readonly T[], operator: 'AND' | 'OR', holds: (item: T) => boolean) {
  // No condition holds for everyone, as a tour without triggers (decide.ts `triggersHold`).
  if (items.length === 0) return true;
  return operator === 'OR' ? items.some(holds) : items.every(holds);
}

function conditionHolds(
  c: SegmentCondition | SegmentLeafCondition,
  facts: SegmentFacts,
  now: number,
  resolve: ResolveSegment,
  depth: number,
): boolean {
  switch (c.type) {
    case 'customer':
      return customerConditionsHold(facts.profile, [c], now);
    case 'event':
      return frequencyHolds(facts.eventCount(c), c.frequency);
    case 'segment': {
      const inner = referenced(c.segment_id, resolve, depth);
      return definitionHolds(inner, facts, now, resolve, depth + 1) !== c.negate;
    }
    case 'group':
      return joined(c.conditions, c.operator, (g) => conditionHolds(g, facts, now, resolve, depth));
  }
}

function definitionHolds(
  definition: SegmentDefinition,
  facts: SegmentFacts,
  now: number,
  resolve: ResolveSegment,
  depth: number,
): boolean {
  return joined(definition.conditions, definition.operator, (c) =>
    conditionHolds(c, facts, now, resolve, depth),
  );
}

/**
 * Whether the customer of `facts` is in the segment of `definition` at `now`. Segment
 * references are read through `resolveSegment`; an unknown one, or one past
 * `MAX_SEGMENT_DEPTH` levels (which a cycle always reaches), throws `SegmentNotEvaluable`.
 */
export function segmentHolds(
  definition: SegmentDefinition,
  facts: SegmentFacts,
  now: number,
  resolveSegment: ResolveSegment,
): boolean {
  return definitionHolds(definition, facts, now, resolveSegment, 1);
}

/**
 * Every leaf condition the definition reads, those of the segments it references included (each
 * object once, in a stable order). Throws as `segmentHolds` for an unknown or too deep reference.
 */
function leavesOf(definition: SegmentDefinition, resolveSegment: ResolveSegment) {
  const found = new Set<SegmentLeafCondition>();
  const walk = (c: SegmentCondition | SegmentLeafCondition, depth: number) => {
    if (c.type === 'event' || c.type === 'customer') found.add(c);
    else if (c.type === 'group') for (const g of c.conditions) walk(g, depth);
    else
      for (const r of referenced(c.segment_id, resolveSegment, depth).conditions)
        walk(r, depth + 1);
  };
  for (const c of definition.conditions) walk(c, 1);
  return [...found];
}

/**
 * Every event condition the definition reads, those of the segments it references included
 * (each object once, in a stable order): what the set evaluator counts per customer. Throws as
 * `segmentHolds` for an unknown or too deep reference.
 */
export function eventConditionsOf(
  definition: SegmentDefinition,
  resolveSegment: ResolveSegment,
): SegmentEventCondition[] {
  return leavesOf(definition, resolveSegment).filter(
    (c): c is SegmentEventCondition => c.type === 'event',
  );
}

/** Every profile key the definition's customer conditions read, referenced segments' included. */
export function customerKeysOf(definition: SegmentDefinition, resolveSegment: ResolveSegment) {
  const keys = new Set<string>();
  for (const c of leavesOf(definition, resolveSegment))
    if (c.type === 'customer') keys.add(c.customer_key);
  return [...keys];
}
