import { useId } from 'react';
import {
  ConditionSummaryButton,
  RemoveConditionButton,
} from '@/components/conditions/condition-line-parts';
import { cn } from '@/components/ui/cn';
import { FieldError } from '@/components/ui/field-error';
import { compactControl } from '@/components/ui/select-field';
import type { LeafCondition } from '../lib/draft';
import { summarizeLeaf } from '../lib/summary';

/** A segment this one may include (never itself). */
export interface SegmentOption {
  id: number;
  name: string;
}

export interface ConditionLineProps {
  condition: LeafCondition;
  /** "Condition 2", "Group 3 condition 1": the start of every accessible name of the row. */
  label: string;
  segments: readonly SegmentOption[];
  /** The row's problem (the server's words), shown under it. */
  error?: string;
  /** Opens the attribute or event dialog of the row. */
  onOpen: () => void;
  onChange: (condition: LeafCondition) => void;
  onRemove: () => void;
}

/**
 * One condition of the builder: an attribute or event condition is a summary that opens its
 * dialog; "in segment" is edited in place (which segment, in or not in).
 */
export function ConditionLine({
  condition,
  label,
  segments,
  error,
  onOpen,
  onChange,
  onRemove,
}: ConditionLineProps) {
  const errorId = useId();
  const nameOf = (id: number) => segments.find((s) => s.id === id)?.name;
  return (
    <li className="flex flex-col gap-1">
      <div className="flex items-start gap-1">
        {condition.type === 'segment' ? (
          <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
            <select
              aria-label={`${label} membership`}
              value={condition.negate ? 'out' : 'in'}
              onChange={(e) => onChange({ ...condition, negate: e.target.value === 'out' })}
              className={cn(compactControl, 'w-40')}
            >
              <option value="in">In segment</option>
              <option value="out">Not in segment</option>
            </select>
            <select
              aria-label={`${label} segment`}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              value={condition.segment_id > 0 ? String(condition.segment_id) : ''}
              onChange={(e) => onChange({ ...condition, segment_id: Number(e.target.value) })}
              className={cn(compactControl, 'w-56 max-w-full')}
            >
              <option value="">Choose a segment</option>
              {segments.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <ConditionSummaryButton
            aria-label={`${label}: ${summarizeLeaf(condition, nameOf)}`}
            aria-describedby={error ? errorId : undefined}
            invalid={Boolean(error)}
            onClick={onOpen}
          >
            <span className="mr-2 text-xs font-semibold uppercase text-slate-500">
              {condition.type === 'customer' ? 'Attribute' : 'Event'}
            </span>
            {summarizeLeaf(condition, nameOf)}
          </ConditionSummaryButton>
        )}
        <RemoveConditionButton
          label={`Remove ${label.charAt(0).toLowerCase()}${label.slice(1)}`}
          onClick={onRemove}
        />
      </div>
      <FieldError id={errorId} message={error} />
    </li>
  );
}
