import type { CustomerProfile } from '@/lib/contracts/customer-profiles';
import { evaluateCondition, isRange, type ConditionValue } from '@/lib/conditions';
import type { SegmentDefinitionInput } from '@/lib/contracts/segments';
import { MAX_SEGMENT_DEPTH } from '@/lib/contracts/segments';
import { TIME_UNIT_MS, type TimeUnit } from '@/lib/time-units';
import { db } from './db';

/**
 * The mock API's segment membership (docs/segments.md, "Engine", for `npm run dev:mock` and the
 * component tests): one customer decided from the mock database's profile and tracked events,
 * with lib/conditions.ts's evaluateCondition. A sketch of the server's evaluator, not a copy of
 * it: the server's answers are the reference (tests/server/segments-engine*.test.ts).
 */
type Condition = SegmentDefinitionInput['conditions'][number];
type Leaf = Exclude<Condition, { type: 'group' }>;
type EventLeaf = Extract<Leaf, { type: 'event' }>;

/** A definition by segment id (another segment's, for "in segment"). */
export type DefinitionOf = (id: number) => SegmentDefinitionInput | undefined;

function attributeOf(p: CustomerProfile, key: string): unknown {
  if (key in p.metadata) return p.metadata[key];
  if (key === 'email') return p.email;
  if (key === 'name') return p.name;
  if (key === 'last_seen') return p.last_seen;
  if (key === 'created_at') return p.first_seen;
  return p.data_attributes[key];
}

const num = (v: unknown) => (typeof v === 'number' ? v : Number(v));

function inWindow(time: number, t: EventLeaf['timeframe'], now: number): boolean {
  const unit = TIME_UNIT_MS[(t.unit ?? 'days') as TimeUnit] ?? TIME_UNIT_MS.days;
  const v = t.value;
  switch (t.condition_type) {
    case 'anytime':
      return true;
    case 'in_the_last':
      return time >= now - num(v) * unit;
    case 'more_than':
      return time < now - num(v) * unit;
    case 'between':
      return isRange(v) && time <= now - num(v.from) * unit && time >= now - num(v.to) * unit;
    case 'date_range':
      return (
        isRange(v) &&
        time >= Date.parse(String(v.from)) &&
        time < Date.parse(String(v.to)) + TIME_UNIT_MS.days
      );
  }
}

function frequencyHolds(count: number, f: EventLeaf['frequency']): boolean {
  const v = f.value;
  switch (f.condition_type) {
    case 'at_least':
      return count >= num(v);
    case 'at_most':
      return count <= num(v);
    case 'exactly':
      return count === num(v);
    case 'between':
      return isRange(v) && count >= num(v.from) && count <= num(v.to);
    default:
      return count >= 1;
  }
}

function eventHolds(p: CustomerProfile, c: EventLeaf, now: number): boolean {
  const count = db.trackedEvents.filter((e) => {
    if (e.customer_key !== p.customer_key || e.event !== c.event_code) return false;
    if (!inWindow(Date.parse(e.timestamp), c.timeframe, now)) return false;
    const checks = c.attribute_conditions.map((a) =>
      evaluateCondition(e.properties[a.attribute_key], a.condition_type, a.value as ConditionValue),
    );
    if (!checks.length) return true;
    return c.attribute_condition_operator === 'OR' ? checks.some(Boolean) : checks.every(Boolean);
  }).length;
  return frequencyHolds(count, c.frequency);
}

function holds(
  p: CustomerProfile,
  c: Condition,
  definitionOf: DefinitionOf,
  depth: number,
  now: number,
): boolean {
  switch (c.type) {
    case 'customer':
      return evaluateCondition(
        attributeOf(p, c.customer_key),
        c.condition_type,
        (c.value ?? null) as ConditionValue,
        now,
      );
    case 'event':
      return eventHolds(p, c, now);
    case 'segment': {
      const inner = definitionOf(c.segment_id);
      const member =
        !!inner && depth < MAX_SEGMENT_DEPTH && isMember(p, inner, definitionOf, depth + 1, now);
      return c.negate ? !member : member;
    }
    case 'group':
      return combine(c.operator, c.conditions, (x) => holds(p, x, definitionOf, depth, now));
  }
}

function combine<T>(operator: 'AND' | 'OR', items: readonly T[], test: (x: T) => boolean) {
  if (!items.length) return true;
  return operator === 'OR' ? items.some(test) : items.every(test);
}

/** Whether a customer is in a segment of this definition. */
export function isMember(
  p: CustomerProfile,
  definition: SegmentDefinitionInput,
  definitionOf: DefinitionOf,
  depth = 1,
  now = Date.now(),
): boolean {
  return combine(definition.operator, definition.conditions, (c) =>
    holds(p, c, definitionOf, depth, now),
  );
}

/** The product's customers in the segment, by profile id. */
export const membersOf = (
  brandId: number,
  definition: SegmentDefinitionInput,
  definitionOf: DefinitionOf,
) =>
  db.profiles
    .filter((p) => p.brand_id === brandId && isMember(p, definition, definitionOf))
    .sort((a, b) => a.id - b.id);

const CSV_COLUMNS = ['id', 'customer_key', 'email', 'name', 'first_seen', 'last_seen'] as const;
const cell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** Members as the CSV export writes them (the mock's columns: the profile's own fields). */
export const membersCsv = (members: readonly CustomerProfile[]) =>
  [CSV_COLUMNS.join(','), ...members.map((p) => CSV_COLUMNS.map((k) => cell(p[k])).join(','))]
    .join('\n')
    .concat('\n');
