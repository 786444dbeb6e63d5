import { useId } from 'react';
import { cn } from '@/components/ui/cn';
import { FieldError } from '@/components/ui/field-error';
import { DISPLAY_TYPES, type FlowBody } from '@/lib/contracts/flows';
import { displayTimesProblem } from '@/lib/flows/checks';
import { selectReadOnly, useFlowEditorStore } from '../../../state/editor-store';
import { AudienceConditions } from '../../conditions/audience-conditions';
import { NodeCard } from './node-card';
import { TourLook } from './tour-look';

const LABELS: Record<FlowBody['display_type'], string> = {
  once: 'Once',
  every_time: 'Every time the conditions match',
  custom: 'A set number of times',
};
const INPUT =
  'h-9 w-full rounded-md border border-slate-300 px-3 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 disabled:bg-slate-50';

/**
 * Advanced settings node (fixed id): how often a customer sees the tour, its priority, its
 * audience (the flow's attribute conditions) and its look (docs/theme.md).
 */
export function AdvancedNode() {
  const draft = useFlowEditorStore((s) => s.draft);
  const update = useFlowEditorStore((s) => s.update);
  const readOnly = useFlowEditorStore(selectReadOnly);
  const id = useId();
  if (!draft) return null;
  const timesError = displayTimesProblem(draft.display_type, draft.display_times);
  return (
    <NodeCard title="Advanced settings" label="Advanced settings" className="w-80">
      <fieldset disabled={readOnly}>
        <legend className="mb-2 text-sm font-medium text-slate-800">Show this tour</legend>
        {DISPLAY_TYPES.map((type) => (
          <label key={type} className="mb-1.5 flex items-center gap-2 text-sm text-slate-700">
            <input
              type="radio"
              name={`${id}-display`}
              value={type}
              checked={draft.display_type === type}
              onChange={() => update((d) => ({ ...d, display_type: type }))}
            />
            {LABELS[type]}
          </label>
        ))}
        {draft.display_type === 'custom' ? (
          <div className="mt-2">
            <label htmlFor={`${id}-times`} className="mb-1 block text-sm text-slate-700">
              Display times
            </label>
            <input
              id={`${id}-times`}
              inputMode="numeric"
              className={cn(INPUT, timesError && 'border-red-400')}
              value={draft.display_times ?? ''}
              maxLength={20}
              aria-invalid={timesError ? true : undefined}
              onChange={(e) => {
                // Digits become a number; anything else stays as typed so its message shows.
                const raw = e.target.value.trim();
                update((d) => ({
                  ...d,
                  display_times: raw === '' ? null : /^\d+$/.test(raw) ? Number(raw) : raw,
                }));
              }}
            />
            <FieldError message={timesError ?? undefined} />
          </div>
        ) : null}
        <div className="mt-3">
          <label htmlFor={`${id}-priority`} className="mb-1 block text-sm text-slate-700">
            Priority
          </label>
          <input
            id={`${id}-priority`}
            type="number"
            min={0}
            max={1000}
            className={INPUT}
            value={draft.priority}
            onChange={(e) =>
              update((d) => ({
                ...d,
                priority: Math.min(1000, Math.max(0, Math.trunc(Number(e.target.value) || 0))),
              }))
            }
          />
          <p className="mt-1 text-xs text-slate-500">
            When several tours match, the highest priority shows first.
          </p>
        </div>
      </fieldset>
      <AudienceConditions
        conditions={draft.attribute_conditions}
        onChange={(attribute_conditions) => update((d) => ({ ...d, attribute_conditions }))}
        brandId={draft.brand_id}
        readOnly={readOnly}
      />
      <TourLook
        brandId={draft.brand_id}
        value={draft.theme_override}
        onChange={(theme_override) => update((d) => ({ ...d, theme_override }))}
        readOnly={readOnly}
      />
    </NodeCard>
  );
}
