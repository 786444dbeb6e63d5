import { Button } from '@/components/ui/button';
import { ColorField } from '@/components/ui/color-field';
import { TrashIcon } from '@/components/ui/icons';
import { TextField } from '@/components/ui/text-field';
import type { FlowButton, FlowStep } from '@/lib/contracts/flows';
import { ActionListEditor } from './action-list-editor';

/** Props of `ButtonEditor`. */
export interface ButtonEditorProps {
  id: string;
  button: FlowButton;
  steps: readonly FlowStep[];
  currentStepId: string;
  onChange: (button: FlowButton) => void;
  onRemove: () => void;
  readOnly: boolean;
}

/** The opened entry of the button list: label, colours, actions and removal. */
export function ButtonEditor({
  id,
  button,
  steps,
  currentStepId,
  onChange,
  onRemove,
  readOnly,
}: ButtonEditorProps) {
  const patch = (part: Partial<FlowButton>) => onChange({ ...button, ...part });
  return (
    <div
      id={id}
      role="region"
      aria-label={`Button ${button.label || 'without label'}`}
      className="flex flex-col gap-3 border-t border-slate-200 p-3"
    >
      <TextField
        label="Button label"
        value={button.label}
        disabled={readOnly}
        onChange={(e) => patch({ label: e.target.value })}
      />
      <div className="flex flex-wrap gap-4">
        <ColorField
          label="Background colour"
          value={button.background_color}
          disabled={readOnly}
          onChange={(background_color) => patch({ background_color })}
        />
        <ColorField
          label="Text colour"
          value={button.color}
          disabled={readOnly}
          onChange={(color) => patch({ color })}
        />
      </div>
      <ActionListEditor
        label="Button actions"
        actions={button.actions}
        steps={steps}
        currentStepId={currentStepId}
        readOnly={readOnly}
        onChange={(actions) => patch({ actions })}
      />
      <Button
        variant="secondary"
        size="sm"
        className="self-start text-red-700"
        disabled={readOnly}
        onClick={onRemove}
      >
        <TrashIcon className="h-4 w-4" />
        Remove button
      </Button>
    </div>
  );
}
