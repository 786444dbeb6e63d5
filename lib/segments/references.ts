/**
 * Segments that include other segments (docs/segments.md, "Limits"): a referenced segment must
 * be one of the same product, a segment never includes itself, directly or through others, and
 * a chain is at most MAX_SEGMENT_DEPTH segments long. Pure: the caller hands in the product's
 * segments.
 */
import { MAX_SEGMENT_DEPTH, type SegmentDefinitionInput } from '../contracts/segments';
import { MESSAGES } from '../messages';
import type { SegmentProblem } from './problems';

export interface SegmentNode {
  id: number;
  name: string;
  definition: SegmentDefinitionInput;
}

/** Each `{type: "segment"}` condition of a definition with its path, in the builder's order. */
export function segmentRefs(
  definition: SegmentDefinitionInput,
  base = 'definition',
): { segmentId: number; path: string }[] {
  const out: { segmentId: number; path: string }[] = [];
  definition.conditions.forEach((c, i) => {
    const at = `${base}.conditions.${i}`;
    if (c.type === 'segment') out.push({ segmentId: c.segment_id, path: `${at}.segment_id` });
    if (c.type === 'group')
      c.conditions.forEach((inner, j) => {
        if (inner.type === 'segment')
          out.push({ segmentId: inner.segment_id, path: `${at}.conditions.${j}.segment_id` });
      });
  });
  return out;
}

const refIds = (d: SegmentDefinitionInput) => [...new Set(segmentRefs(d).map((r) => r.segmentId))];

/**
 * The first problem of saving `self` (its id absent when new) among the product's `others`:
 * an unknown segment, itself, a cycle, or a chain deeper than MAX_SEGMENT_DEPTH counting the
 * segments that include `self`. Null when it can be saved.
 */
export function referenceProblem(
  self: { id?: number; name: string; definition: SegmentDefinitionInput },
  others: readonly SegmentNode[],
  base = 'definition',
): SegmentProblem | null {
  const byId = new Map<number, SegmentNode>();
  for (const s of others) byId.set(s.id, s);
  const selfId = self.id ?? 0;
  byId.set(selfId, { id: selfId, name: self.name, definition: self.definition });

  const refs = segmentRefs(self.definition, base);
  for (const r of refs) {
    if (self.id !== undefined && r.segmentId === self.id)
      return { path: r.path, message: MESSAGES.segments.selfReference };
    if (!byId.has(r.segmentId) || r.segmentId === selfId)
      return { path: r.path, message: MESSAGES.segments.unknownSegment };
  }

  // A path from a referenced segment back to self is a cycle.
  const pathTo = (from: number, seen: Set<number>): number[] | null => {
    if (from === selfId) return [from];
    if (seen.has(from)) return null;
    seen.add(from);
    for (const next of refIds(byId.get(from)?.definition ?? { operator: 'AND', conditions: [] })) {
      const rest = pathTo(next, seen);
      if (rest) return [from, ...rest];
    }
    return null;
  };
  for (const r of refs) {
    const loop = pathTo(r.segmentId, new Set());
    if (loop) {
      const names = [selfId, ...loop].map((id) => `"${byId.get(id)?.name ?? id}"`).join(' → ');
      return { path: r.path, message: MESSAGES.segments.cycle(names) };
    }
  }

  // Levels down from a segment (itself counted) and up to the segments that include it.
  const down = new Map<number, number>();
  const depth = (id: number, guard: Set<number>): number => {
    const known = down.get(id);
    if (known !== undefined) return known;
    if (guard.has(id)) return 0;
    guard.add(id);
    const node = byId.get(id);
    const below = node ? refIds(node.definition).map((n) => depth(n, guard)) : [];
    guard.delete(id);
    const d = 1 + Math.max(0, ...below);
    down.set(id, d);
    return d;
  };
  const referrers = (id: number) =>
    [...byId.values()].filter((s) => s.id !== id && refIds(s.definition).includes(id));
  const up = (id: number, guard: Set<number>): number => {
    if (guard.has(id)) return 0;
    guard.add(id);
    const above = referrers(id).map((s) => 1 + up(s.id, guard));
    guard.delete(id);
    return Math.max(0, ...above);
  };
  const room = MAX_SEGMENT_DEPTH - up(selfId, new Set());
  for (const r of refs)
    if (1 + depth(r.segmentId, new Set()) > room)
      return { path: r.path, message: MESSAGES.segments.tooDeep(MAX_SEGMENT_DEPTH) };
  return null;
}

/** The first segment among `others` that includes segment `id`, if any. */
export function referencedBy(id: number, others: readonly SegmentNode[]): SegmentNode | undefined {
  return others.find((s) => s.id !== id && refIds(s.definition).includes(id));
}
