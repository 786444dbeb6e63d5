import type { ButtonHTMLAttributes } from 'react';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { CloseIcon } from '@/components/ui/icons';

/**
 * A condition shown as its summary, a button that opens the condition's dialog (the tour
 * trigger's rows, the segment builder's lines); `invalid` draws its border red.
 */
export function ConditionSummaryButton({
  invalid = false,
  className,
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & { invalid?: boolean }) {
  return (
    <button
      type="button"
      className={cn(
        'min-w-0 flex-1 rounded-md border bg-white px-3 py-2 text-left text-sm text-slate-800 hover:border-brand-300 hover:bg-brand-50',
        invalid ? 'border-red-500' : 'border-slate-200',
        focusRing,
        className,
      )}
      {...props}
    />
  );
}

/** The × after a condition that removes it; `label` is its accessible name ("Remove condition 2"). */
export function RemoveConditionButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={cn(
        'rounded-md p-2 text-slate-400 hover:bg-slate-100 hover:text-slate-700',
        focusRing,
      )}
    >
      <CloseIcon className="h-4 w-4" />
    </button>
  );
}
