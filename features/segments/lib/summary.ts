import type { CustomerCondition, EventCondition } from '@/lib/contracts/flows';
import { summarizeCustomer, summarizeEvent } from '@/components/conditions/condition-summary';
import type { LeafCondition } from './draft';

/** One readable line for a condition of a segment, in the flow editor's words. */
export function summarizeLeaf(
  condition: LeafCondition,
  segmentName: (id: number) => string | undefined,
): string {
  switch (condition.type) {
    case 'customer':
      return summarizeCustomer([condition as CustomerCondition]);
    case 'event':
      return summarizeEvent([{ event_id: null, ...condition } as EventCondition]);
    case 'segment': {
      const name = segmentName(condition.segment_id) ?? `#${condition.segment_id}`;
      return `${condition.negate ? 'Not in' : 'In'} segment ${name}`;
    }
  }
}

/** The flow contract's customer condition of a segment's customer condition (its dialog's value). */
export function customerOf(condition: LeafCondition): CustomerCondition | null {
  if (condition.type !== 'customer') return null;
  const { customer_key, condition_type, value } = condition;
  return { customer_key, condition_type, value } as CustomerCondition;
}

/** The flow contract's event condition of a segment's event condition (its dialog's value). */
export function eventOf(condition: LeafCondition): EventCondition | null {
  if (condition.type !== 'event') return null;
  const { type: _type, ...rest } = condition;
  return { ...rest, event_id: rest.event_id ?? null } as EventCondition;
}
