import Link from 'next/link';
import type { HomeChecklist } from '@/lib/contracts/home';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { CheckIcon } from '@/components/ui/icons';
import { CHECKLIST_STEPS, checklistProgress, type ChecklistStep } from '../lib/steps';

/**
 * The getting-started checklist (docs/home.md): five steps that tick themselves from the
 * product's real state, each linking to the page where it is done.
 */
export function GettingStarted({ checklist }: { checklist: HomeChecklist }) {
  const { done, total } = checklistProgress(checklist);
  return (
    <section
      aria-labelledby="getting-started-heading"
      className="rounded-lg border border-slate-200 bg-white p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="getting-started-heading" className="text-base font-semibold text-slate-900">
          Getting started
        </h3>
        <p
          className="text-sm font-medium tabular-nums text-slate-600"
          data-testid="checklist-progress"
        >
          {done} of {total} done
        </p>
      </div>
      <div
        role="progressbar"
        aria-label="Getting started progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${done} of ${total} done`}
        className="mt-3 h-2 w-full overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width]"
          style={{ width: `${(done / total) * 100}%` }}
        />
      </div>
      <ol
        aria-label="Getting started steps"
        className="mt-4 flex flex-col divide-y divide-slate-100"
      >
        {CHECKLIST_STEPS.map((step, index) => (
          <StepRow key={step.key} step={step} index={index} done={checklist[step.key]} />
        ))}
      </ol>
    </section>
  );
}

/**
 * One step: its number or tick, then its text over the whole remaining width; the state and the
 * action sit under the text on a phone and beside it from `sm` up, so the text never shrinks to a
 * word per line.
 */
function StepRow({ step, index, done }: { step: ChecklistStep; index: number; done: boolean }) {
  return (
    <li data-step={step.key} data-done={String(done)} className="flex items-start gap-3 py-3">
      <span
        aria-hidden="true"
        className={cn(
          'flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
          done ? 'bg-emerald-100 text-emerald-700' : 'border border-slate-300 text-slate-500',
        )}
      >
        {done ? <CheckIcon className="h-4 w-4" /> : index + 1}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
        <div className="min-w-0 sm:flex-1">
          <p
            className={cn(
              'text-sm font-medium',
              done ? 'text-slate-500 line-through decoration-slate-300' : 'text-slate-900',
            )}
          >
            {step.title}
          </p>
          <p className="text-sm text-slate-600">{step.description}</p>
        </div>
        <div className="flex shrink-0 items-center gap-3">
          <span
            className={cn(
              'rounded-full px-2 py-0.5 text-xs font-medium',
              done ? 'bg-emerald-50 text-emerald-700' : 'bg-slate-100 text-slate-600',
            )}
          >
            {done ? 'Done' : 'To do'}
          </span>
          <Link
            href={step.href}
            className={buttonClasses(done ? 'ghost' : 'secondary', 'sm', 'shrink-0')}
          >
            {step.action}
          </Link>
        </div>
      </div>
    </li>
  );
}
