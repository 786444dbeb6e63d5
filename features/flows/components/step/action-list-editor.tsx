import { Button } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import type { FlowAction, FlowStep } from '@/lib/contracts/flows';
import {
  ACTION_TYPE_LABELS,
  MAX_ACTIONS,
  newAction,
  otherStepOptions,
} from '../../lib/step-helpers';
import { ActionRow } from './action-row';

/** Props of `ActionListEditor`. */
export interface ActionListEditorProps {
  /** The group's name, e.g. "Button actions" or "Element actions". */
  label: string;
  actions: readonly FlowAction[];
  onChange: (actions: FlowAction[]) => void;
  /** Every step of the flow; go-to offers all but `currentStepId`. */
  steps: readonly FlowStep[];
  currentStepId: string;
  tooltip?: boolean;
  readOnly?: boolean;
}

const ACTION_TYPES = Object.keys(ACTION_TYPE_LABELS) as FlowAction['type'][];

/**
 * Edits a list of actions (docs/product/entities.md#flow-step-button-and-action): go to step,
 * dismiss flow, navigate to page, and Back (docs/flows.md, "Step options").
 */
export function ActionListEditor({
  label,
  actions,
  onChange,
  steps,
  currentStepId,
  tooltip = false,
  readOnly = false,
}: ActionListEditorProps) {
  const stepOptions = otherStepOptions(steps, currentStepId).map((o) => ({
    value: o.id,
    label: o.label,
  }));
  const replace = (index: number, action: FlowAction) =>
    onChange(actions.map((a, i) => (i === index ? action : a)));

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold text-slate-800">{label}</legend>
      {actions.length > 0 ? (
        <ol className="flex flex-col gap-2">
          {actions.map((action, i) => (
            <ActionRow
              // Actions carry no id; rows are only appended or removed, so the index is stable.
              key={i}
              action={action}
              position={i + 1}
              stepOptions={stepOptions}
              tooltip={tooltip}
              firstStep={steps[0]?.id === currentStepId}
              readOnly={readOnly}
              onChange={(a) => replace(i, a)}
              onRemove={() => onChange(actions.filter((_, j) => j !== i))}
            />
          ))}
        </ol>
      ) : null}
      {actions.length < MAX_ACTIONS ? (
        <div className="flex flex-wrap gap-1">
          {ACTION_TYPES.map((type) => (
            <Button
              key={type}
              variant="secondary"
              size="sm"
              disabled={readOnly}
              aria-label={`Add action: ${ACTION_TYPE_LABELS[type]}`}
              onClick={() => onChange([...actions, newAction(type)])}
            >
              <PlusIcon className="h-4 w-4" />
              {ACTION_TYPE_LABELS[type]}
            </Button>
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}
