import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

/** The white card every canvas node is drawn as; `nodrag nowheel` keep its controls usable. */
export function NodeCard(props: {
  title: ReactNode;
  label: string;
  children?: ReactNode;
  className?: string;
  selected?: boolean;
  actions?: ReactNode;
}) {
  return (
    <section
      aria-label={props.label}
      className={cn(
        'rounded-xl border bg-white shadow-sm',
        props.selected ? 'border-brand-500 ring-2 ring-brand-200' : 'border-slate-200',
        props.className,
      )}
    >
      <header className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-2.5">
        <h3 className="text-sm font-semibold text-slate-900">{props.title}</h3>
        {props.actions}
      </header>
      <div className="nodrag nowheel cursor-default px-4 py-3">{props.children}</div>
    </section>
  );
}
