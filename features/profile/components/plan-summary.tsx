import Link from 'next/link';
import { paths } from '@/lib/paths';
import { buttonClasses } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useSubscription } from '@/hooks/use-subscription';

/** The current plan with a way to the plans page. */
export function PlanSummary() {
  const subscription = useSubscription();
  if (subscription.isPending) return <Skeleton className="h-16 w-full max-w-md" />;
  if (subscription.isError) return <FormAlert>{subscription.error.message}</FormAlert>;

  const { current_plan, user_subscription, user_quota } = subscription.data;
  const productLimit = user_subscription.snapshot_quota.product_limit;
  return (
    <div className="flex max-w-md flex-wrap items-center justify-between gap-4 rounded-lg border border-slate-200 p-4">
      <div>
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Current plan</p>
        <p data-testid="current-plan" className="mt-0.5 text-lg font-semibold text-slate-900">
          {current_plan.name}
        </p>
        <p className="text-sm text-slate-600">
          {user_quota.product_count} of {productLimit === 0 ? 'unlimited' : productLimit} tracked
          products used
        </p>
      </div>
      <Link href={paths.plans()} className={buttonClasses('secondary', 'md')}>
        View plans
      </Link>
    </div>
  );
}
