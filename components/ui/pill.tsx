import type { HTMLAttributes } from 'react';
import { cn } from './cn';

/** The colours of a pill: on (published, pinned, active, live), off, or needing a look. */
export type PillTone = 'on' | 'off' | 'warning';

const TONE: Record<PillTone, string> = {
  on: 'bg-emerald-50 text-emerald-700',
  off: 'bg-slate-100 text-slate-600',
  warning: 'bg-amber-50 text-amber-700',
};

/** A small rounded label of a state: Published, Pinned "Yes", Active, Live… */
export function Pill({
  tone,
  className,
  ...rest
}: HTMLAttributes<HTMLSpanElement> & { tone: PillTone }) {
  return (
    <span
      data-tone={tone}
      className={cn('rounded-full px-2 py-0.5 text-xs font-medium', TONE[tone], className)}
      {...rest}
    />
  );
}
