import { focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

/** How conditions are joined. */
export type ConditionOperator = 'AND' | 'OR';
const OPERATORS: readonly ConditionOperator[] = ['AND', 'OR'];

export interface ConditionOperatorToggleProps {
  /** Accessible name of the group, e.g. "Attribute conditions operator". */
  label: string;
  value: ConditionOperator;
  onChange: (operator: ConditionOperator) => void;
  disabled?: boolean;
}

/** AND/OR toggle: two pressed-state buttons in a named group. */
export function ConditionOperatorToggle({
  label,
  value,
  onChange,
  disabled = false,
}: ConditionOperatorToggleProps) {
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex w-fit overflow-hidden rounded-md border border-slate-300"
    >
      {OPERATORS.map((op) => (
        <button
          key={op}
          type="button"
          aria-pressed={value === op}
          disabled={disabled}
          onClick={() => onChange(op)}
          className={cn(
            'px-2 py-0.5 text-xs font-semibold disabled:cursor-not-allowed',
            focusRing,
            'focus-visible:ring-offset-0',
            value === op ? 'bg-brand-600 text-white' : 'bg-white text-slate-600',
          )}
        >
          {op}
        </button>
      ))}
    </div>
  );
}
