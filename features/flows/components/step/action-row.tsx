import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { TrashIcon } from '@/components/ui/icons';
import { SelectField, type SelectOption } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { actionSchema, type FlowAction } from '@/lib/contracts/flows';
import { MESSAGES } from '@/lib/messages';
import { ACTION_TYPE_LABELS, actionProblem } from '../../lib/step-helpers';
import { StepHint } from './step-hint';

/** Props of `ActionRow`. */
export interface ActionRowProps {
  action: FlowAction;
  /** 1-based position, used in the labels ("Step for action 2"). */
  position: number;
  /** The steps a go-to may point at (never the current one). */
  stepOptions: readonly SelectOption[];
  /**
   * Element actions of a tool-tip use their own wording of the messages of
   * docs/product/validation.md#58-flow-checks.
   */
  tooltip: boolean;
  /** The action belongs to the tour's first step, where Back has nowhere to go. */
  firstStep?: boolean;
  readOnly: boolean;
  onChange: (action: FlowAction) => void;
  onRemove: () => void;
}

/** The link rule of the contract (http(s) or a path), shown before the save would reject it. */
function linkError(action: FlowAction): string | undefined {
  const parsed = actionSchema.safeParse(action);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** One action of a button or a tool-tip element: its type, its target and a remove control. */
export function ActionRow({
  action,
  position,
  stepOptions,
  tooltip,
  firstStep = false,
  readOnly,
  onChange,
  onRemove,
}: ActionRowProps) {
  const hintId = useId();
  // A goto to a step that is not among the choices (deleted since) needs a new one.
  const problem = actionProblem(
    action,
    tooltip,
    stepOptions.map((o) => o.value),
  );

  return (
    <li className="flex flex-col gap-2 rounded-md border border-slate-200 p-3">
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium text-slate-800">
          {position}. {ACTION_TYPE_LABELS[action.type]}
        </span>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Remove action ${position}`}
          disabled={readOnly}
          onClick={onRemove}
        >
          <TrashIcon className="h-4 w-4" />
        </Button>
      </div>
      {action.type === 'goto' ? (
        <>
          <SelectField
            label={`Step for action ${position}`}
            value={action.reference_step ?? ''}
            placeholder="Select a step"
            options={stepOptions}
            onChange={(e) => onChange({ type: 'goto', reference_step: e.target.value || null })}
            disabled={readOnly}
            aria-describedby={problem ? hintId : undefined}
            aria-invalid={problem ? true : undefined}
          />
          <StepHint id={hintId} message={problem} />
        </>
      ) : null}
      {action.type === 'navigation' ? (
        <TextField
          label={`Link for action ${position}`}
          placeholder="https://example.com or /pricing"
          maxLength={2048}
          value={action.value ?? ''}
          onChange={(e) => onChange({ type: 'navigation', value: e.target.value })}
          disabled={readOnly}
          error={linkError(action) ?? problem ?? undefined}
        />
      ) : null}
      {action.type === 'dismiss' ? (
        <p className="text-xs text-slate-500">Closes the flow for this visitor.</p>
      ) : null}
      {action.type === 'back' ? (
        <>
          <p className="text-xs text-slate-500">Shows the step the visitor saw before this one.</p>
          <StepHint message={firstStep ? MESSAGES.flows.backOnFirstStep : null} />
        </>
      ) : null}
    </li>
  );
}
