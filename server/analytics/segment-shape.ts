import type { ConditionType, ConditionValue } from '../../lib/conditions';

/**
 * The segment engine's analytics read (docs/adr/0022-segment-engine.md), compiled per dialect by
 * `sql/segments.ts`.
 */

/** One property condition of an event condition. */
export interface SegmentPropertyCondition {
  key: string;
  type: ConditionType;
  value: ConditionValue;
}

/** One event condition as the statement counts it. */
export interface SegmentCountedEvent {
  /** null: the condition names no event and counts nothing. */
  event: string | null;
  /** [from, to), null where unbounded (decide.ts `eventWindow`). */
  from: Date | null;
  to: Date | null;
  properties: SegmentPropertyCondition[];
  operator: 'AND' | 'OR';
}

export interface SegmentEventCountsShape {
  kind: 'segmentEventCounts';
  brandId: number;
  /** The customers of the page (events are theirs by `customer_key`). */
  customerKeys: string[];
  conditions: SegmentCountedEvent[];
}

/** A customer of the page with at least one counted event; the others count 0 everywhere. */
export interface SegmentEventCountRow {
  customerKey: string;
  /** Per condition, in the shape's order. */
  counts: number[];
}
