import { useId, useState } from 'react';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ChevronDownIcon } from '@/components/ui/icons';
import type { Plan } from '@/lib/contracts/plans';
import { planColour } from '../lib/plan-display';
import { PlanFeatureList } from './plan-feature-list';
import { PlanPrice } from './plan-price';

/** The plan being bought: name, description, monthly price and a collapsible package list. */
export function PlanDetails({ plan }: { plan: Plan }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const colour = planColour(plan.code);
  return (
    <section aria-label="Plan" className="rounded-lg border border-slate-200">
      <div className={cn('h-1.5 rounded-t-lg', colour.accent)} aria-hidden="true" />
      <div className="p-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 className={cn('text-base font-semibold', colour.text)}>{plan.name}</h3>
          <PlanPrice plan={plan} />
        </div>
        <p className="mt-1 text-sm text-slate-600">{plan.description}</p>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((v) => !v)}
          className={cn(
            'mt-3 inline-flex items-center gap-1 rounded-md text-sm font-medium text-brand-600 hover:text-brand-700',
            focusRing,
          )}
        >
          Package details
          <ChevronDownIcon
            className={cn('h-4 w-4 transition-transform', open ? 'rotate-180' : undefined)}
          />
        </button>
        <PlanFeatureList
          plan={plan}
          id={listId}
          hidden={!open}
          aria-label="Package details"
          className="mt-2"
        />
      </div>
    </section>
  );
}
