import { useId } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { formatBillingDate } from '@/lib/billing';
import type { Plan } from '@/lib/contracts/plans';
import { PLAN_ACTION_LABELS, SALES_MAILTO, type PlanAction } from '../lib/order-summary';
import { planColour } from '../lib/plan-display';
import { PlanFeatureList } from './plan-feature-list';
import { PlanPrice } from './plan-price';

/** Props of one plan card. */
export interface PlanCardProps {
  plan: Plan;
  action: PlanAction;
  /** ISO start of a scheduled change to this plan. */
  startsAt: string | null;
  onChoose: (plan: Plan) => void;
}

/** One plan of /profile/plans in its fixed colour, with its features and what it offers. */
export function PlanCard({ plan, action, startsAt, onChoose }: PlanCardProps) {
  const headingId = useId();
  const colour = planColour(plan.code);
  const current = action === 'current';
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'flex h-full flex-col overflow-hidden rounded-xl border bg-white shadow-sm',
        current ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200',
      )}
    >
      <div className={cn('h-1.5', colour.accent)} aria-hidden="true" />
      <div className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={headingId} className={cn('text-lg font-semibold', colour.text)}>
            {plan.name}
          </h3>
          {current ? (
            <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', colour.badge)}>
              Current plan
            </span>
          ) : null}
          {startsAt ? (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
              Starts {formatBillingDate(startsAt)}
            </span>
          ) : null}
        </div>
        <p className="mt-1 min-h-10 text-sm text-slate-600">{plan.description}</p>
        <PlanPrice plan={plan} className="mt-4" />
        <PlanFeatureList plan={plan} aria-label={`${plan.name} features`} className="mt-4 flex-1" />
        <div className="mt-5">
          {action === 'contact-sales' ? (
            <a href={SALES_MAILTO} className={buttonClasses('secondary', 'md', 'w-full')}>
              Contact sales
            </a>
          ) : (
            <Button
              className="w-full"
              variant={action === 'upgrade' || action === 'choose' ? 'primary' : 'secondary'}
              disabled={current || action === 'scheduled'}
              aria-describedby={headingId}
              onClick={() => onChoose(plan)}
            >
              {PLAN_ACTION_LABELS[action]}
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}
