import { useId, useState } from 'react';
import { Button, focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ChevronDownIcon, PlusIcon } from '@/components/ui/icons';
import { MAX_STEP_BUTTONS, type FlowButton, type FlowStep } from '@/lib/contracts/flows';
import { buttonCompletesTour } from '@/lib/flows/outcome';
import { MESSAGES } from '@/lib/messages';
import { buttonProblem, buttonSummary, newButton } from '../../lib/step-helpers';
import { ButtonEditor } from './button-editor';
import { StepHint } from './step-hint';

/** Props of `ButtonList`. */
export interface ButtonListProps {
  buttons: readonly FlowButton[];
  steps: readonly FlowStep[];
  currentStepId: string;
  onChange: (buttons: FlowButton[]) => void;
  readOnly: boolean;
  /** Whether a button's problem shows yet (not on open: after a change, blur or Save). */
  showProblems?: boolean;
}

/**
 * "Button n/2", one entry per button (swatch, label, action summary), Add button
 * (docs/product/screens.md#245-step-buttons).
 */
export function ButtonList({
  buttons,
  steps,
  currentStepId,
  onChange,
  readOnly,
  showProblems = true,
}: ButtonListProps) {
  const baseId = useId();
  const [openId, setOpenId] = useState<string | null>(null);
  const full = buttons.length >= MAX_STEP_BUTTONS;
  const stepIds = steps.map((s) => s.id);
  const stepIndex = stepIds.indexOf(currentStepId);

  const add = () => {
    const button = newButton(steps, currentStepId);
    onChange([...buttons, button]);
    setOpenId(button.id);
  };

  return (
    <section className="flex flex-col gap-2" aria-labelledby={`${baseId}-title`}>
      <h3 id={`${baseId}-title`} className="text-sm font-semibold text-slate-900">
        Button{' '}
        <span className="font-normal text-slate-500">
          {buttons.length}/{MAX_STEP_BUTTONS}
        </span>
      </h3>
      <ul className="flex flex-col gap-2">
        {buttons.map((button, i) => {
          const open = openId === button.id;
          const panelId = `${baseId}-panel-${i}`;
          const problem = showProblems ? buttonProblem(button) : null;
          // The rule the SDK reports with (lib/flows/outcome.ts).
          const completes = buttonCompletesTour(button.actions, stepIndex, stepIds);
          return (
            <li key={button.id} className="rounded-md border border-slate-200 bg-white">
              <button
                type="button"
                aria-expanded={open}
                aria-controls={open ? panelId : undefined}
                onClick={() => setOpenId(open ? null : button.id)}
                className={cn('flex w-full items-center gap-3 rounded-md p-3 text-left', focusRing)}
              >
                <span
                  aria-hidden="true"
                  className="h-5 w-5 shrink-0 rounded border border-slate-300"
                  style={{ backgroundColor: button.background_color }}
                />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate text-sm font-medium text-slate-900">
                    {button.label || 'Untitled button'}
                  </span>
                  <span className="truncate text-xs text-slate-500">
                    {buttonSummary(button, steps)}
                  </span>
                  {completes ? (
                    <span className="text-xs font-medium text-emerald-700">
                      {MESSAGES.flows.endsTourCompleted}
                    </span>
                  ) : null}
                </span>
                <ChevronDownIcon
                  className={cn('h-4 w-4 text-slate-500', open ? 'rotate-180' : undefined)}
                />
              </button>
              {problem ? (
                <div className="px-3 pb-2">
                  <StepHint message={problem} />
                </div>
              ) : null}
              {open ? (
                <ButtonEditor
                  id={panelId}
                  button={button}
                  steps={steps}
                  currentStepId={currentStepId}
                  readOnly={readOnly}
                  onChange={(b) => onChange(buttons.map((x) => (x.id === button.id ? b : x)))}
                  onRemove={() => onChange(buttons.filter((x) => x.id !== button.id))}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
      {full ? (
        <p className="text-xs text-slate-500">A step has at most {MAX_STEP_BUTTONS} buttons.</p>
      ) : (
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          disabled={readOnly}
          onClick={add}
        >
          <PlusIcon className="h-4 w-4" />
          Add button
        </Button>
      )}
    </section>
  );
}
