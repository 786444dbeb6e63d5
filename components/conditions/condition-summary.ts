import { CONDITION_LABELS, isRange } from '@/lib/conditions';
import type { CustomerCondition, EventCondition } from '@/lib/contracts/flows';

// One readable line for a customer or event condition: the flow editor's trigger rows and the
// segment screens show the same words.

/** A value as a person reads it: a range as "1 to 5". */
const quote = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '';
  if (isRange(v)) return `${v.from} to ${v.to}`;
  return String(v);
};

/** "plan exact pro and 1 more": the first condition, then how many follow. */
export function summarizeCustomer(conditions: readonly CustomerCondition[]): string {
  const [first, ...rest] = conditions;
  if (!first) return 'Attribute (no conditions yet)';
  const text = [first.customer_key, CONDITION_LABELS[first.condition_type], quote(first.value)]
    .filter(Boolean)
    .join(' ');
  return rest.length ? `${text} and ${rest.length} more` : text;
}

const FREQUENCY_LABELS = {
  at_least: 'at least',
  at_most: 'at most',
  exactly: 'exactly',
  between: 'between',
} as const;

function frequencyText(f: EventCondition['frequency']): string | null {
  if (!f.condition_type) return null;
  const v = f.value;
  if (isRange(v)) return `between ${v.from} and ${v.to} times`;
  if (v === null) return FREQUENCY_LABELS[f.condition_type];
  return `${FREQUENCY_LABELS[f.condition_type]} ${v} ${v === 1 ? 'time' : 'times'}`;
}

function timeframeText(t: EventCondition['timeframe']): string {
  const v = t.value;
  const unit = t.unit ?? '';
  switch (t.condition_type) {
    case 'anytime':
      return 'anytime';
    case 'in_the_last':
      return `in the last ${quote(v)} ${unit}`.trim();
    case 'more_than':
      return `more than ${quote(v)} ${unit} ago`.replace(/\s+/g, ' ');
    case 'between':
      return isRange(v)
        ? `between ${v.from} and ${v.to} ${unit} ago`.replace(/\s+/g, ' ')
        : 'between';
    case 'date_range':
      return isRange(v) ? `from ${v.from} to ${v.to}` : 'in a date range';
  }
}

/** "Event signup_completed, at least 1 time, in the last 1 days". */
export function summarizeEvent(conditions: readonly EventCondition[]): string {
  const [ev] = conditions;
  if (!ev) return 'Event (none chosen)';
  const n = ev.attribute_conditions.length;
  return [
    `Event ${ev.event_code ?? '(none chosen)'}`,
    frequencyText(ev.frequency),
    timeframeText(ev.timeframe),
    n ? `${n} attribute ${n === 1 ? 'condition' : 'conditions'}` : null,
  ]
    .filter(Boolean)
    .join(', ');
}
