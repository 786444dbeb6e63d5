import Link from 'next/link';
import type { ReactNode } from 'react';
import { paths } from '@/lib/paths';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Skeleton } from '@/components/ui/skeleton';
import { useSubscription } from '@/hooks/use-subscription';
import { planColour } from '../lib/plan-display';
import {
  addOnQuantityOf,
  addOnsText,
  periodEndText,
  planPriceText,
  productsText,
} from '../lib/subscription-display';
import { ScheduledChange } from './scheduled-change';
import { UsageMeter } from './usage-meter';
import { RetryAlert } from '@/components/ui/retry-alert';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{term}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** The current plan, its renewal or scheduled change, add-ons, products and this month's MAUs. */
export function PlanUsageSection() {
  const subscription = useSubscription();
  if (subscription.isPending)
    return (
      <div role="status" aria-label="Loading plan" className="flex flex-col gap-3">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  if (subscription.isError)
    return (
      <RetryAlert
        message={subscription.error.message}
        onRetry={() => void subscription.refetch()}
      />
    );

  const { current_plan: plan, user_subscription: sub, user_quota: quota } = subscription.data;
  const period = periodEndText(sub);
  return (
    <div className="flex flex-col gap-5 rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Current plan</p>
          <p className="mt-1 flex flex-wrap items-center gap-2">
            <span
              data-testid="current-plan"
              className={cn(
                'rounded-full px-2.5 py-0.5 text-sm font-semibold',
                planColour(plan.code).badge,
              )}
            >
              {plan.name}
            </span>
            <span className="text-sm text-slate-600">{planPriceText(plan)}</span>
          </p>
          {period && !sub.scheduled_plan ? (
            <p className="mt-1 text-sm text-slate-600">{period}</p>
          ) : null}
        </div>
        <Link href={paths.plans()} className={buttonClasses('secondary', 'md')}>
          View plans
        </Link>
      </div>
      <ScheduledChange subscription={subscription.data} />
      <dl className="grid gap-4 sm:grid-cols-2">
        <Fact term="Add-ons">{addOnsText(addOnQuantityOf(sub.add_ons))}</Fact>
        <Fact term="Products">
          {productsText(quota.product_count, sub.snapshot_quota.product_limit)}
        </Fact>
      </dl>
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-900">Monthly active users</h3>
        <UsageMeter planName={plan.name} planCode={plan.code} quota={quota} />
      </div>
    </div>
  );
}
