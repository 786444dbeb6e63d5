import { useState } from 'react';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import {
  TOOLTIP_OFFSET_DEFAULT,
  TOOLTIP_OFFSET_MAX,
  TOOLTIP_PLACEMENTS,
  type FlowStep,
  type TooltipPlacement,
} from '@/lib/contracts/flows';
import { MESSAGES } from '@/lib/messages';

/** Props of `StepOptions`: a controlled step. */
export interface StepOptionsProps {
  step: FlowStep;
  onChange: (step: FlowStep) => void;
  readOnly?: boolean;
}

const PLACEMENT_LABELS: Record<TooltipPlacement, string> = {
  auto: 'Automatic (below, above when there is no room)',
  top: 'Above the element',
  right: 'Right of the element',
  bottom: 'Below the element',
  left: 'Left of the element',
};
const PLACEMENT_OPTIONS = TOOLTIP_PLACEMENTS.map((p) => ({ value: p, label: PLACEMENT_LABELS[p] }));

/** A whole number of px within the contract's bounds, or null (the field shows why). */
function offsetOf(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const n = Number(text);
  return n <= TOOLTIP_OFFSET_MAX ? n : null;
}

function Checkbox(props: {
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      <input
        type="checkbox"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      {props.label}
    </label>
  );
}

/**
 * The step options (docs/flows.md, "Step options"): for tooltips the side of the element, the gap
 * to it and the spotlight; for every step the progress ("2 of 4"). Unset fields keep the defaults
 * (automatic side, 12 px, no spotlight, no progress).
 */
export function StepOptions({ step, onChange, readOnly = false }: StepOptionsProps) {
  const tooltip = step.type === 'tool_tip';
  // A value outside 0–64 stays in the field with its message, unsaved; otherwise the field shows
  // the step's (so Undo and Redo show too).
  const [typed, setTyped] = useState<string | null>(null);
  const offset = typed ?? String(step.tooltip_offset ?? TOOLTIP_OFFSET_DEFAULT);
  const offsetError =
    offsetOf(offset) === null ? MESSAGES.flows.tooltipOffset(TOOLTIP_OFFSET_MAX) : undefined;

  return (
    <fieldset className="flex flex-col gap-3" disabled={readOnly}>
      <legend className="mb-1 text-sm font-semibold text-slate-800">Step options</legend>
      {tooltip ? (
        <>
          <SelectField
            label="Tooltip placement"
            value={step.tooltip_placement ?? 'auto'}
            options={PLACEMENT_OPTIONS}
            onChange={(e) =>
              onChange({ ...step, tooltip_placement: e.target.value as TooltipPlacement })
            }
          />
          <TextField
            label="Distance from the element (px)"
            type="number"
            inputMode="numeric"
            min={0}
            max={TOOLTIP_OFFSET_MAX}
            step={1}
            value={offset}
            error={offsetError}
            hint={`0 to ${TOOLTIP_OFFSET_MAX} px; ${TOOLTIP_OFFSET_DEFAULT} by default.`}
            onChange={(e) => {
              const n = offsetOf(e.target.value);
              setTyped(n === null ? e.target.value : null);
              if (n !== null) onChange({ ...step, tooltip_offset: n });
            }}
          />
          <Checkbox
            label="Spotlight the element (dim the rest of the page)"
            checked={!!step.spotlight}
            disabled={readOnly}
            onChange={(spotlight) => onChange({ ...step, spotlight })}
          />
        </>
      ) : null}
      <Checkbox
        label='Show progress ("2 of 4")'
        checked={!!step.show_progress}
        disabled={readOnly}
        onChange={(show_progress) => onChange({ ...step, show_progress })}
      />
    </fieldset>
  );
}
