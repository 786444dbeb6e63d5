import { useRouter } from 'next/router';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { notify } from '@/components/ui/toast';
import { useSubscription } from '@/hooks/use-subscription';
import type { Plan, Subscription } from '@/lib/contracts/plans';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { useAvailablePlans } from '../hooks/use-available-plans';
import { planActionOf } from '../lib/order-summary';
import { ScheduledChange } from './scheduled-change';
import { OrderSummaryDialog, type OrderTarget } from './order-summary-dialog';
import { PlanCard } from './plan-card';
import { RetryAlert } from '@/components/ui/retry-alert';

/** The query that opens the Order summary for add-ons (paths.plansBuyAddOns()). */
const BUY_ADD_ONS_QUERY = 'add-ons';

function PlansSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading plans"
      className="grid gap-4 md:grid-cols-3 xl:grid-cols-5"
    >
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="rounded-xl border border-slate-200 bg-white p-5">
          <Skeleton className="h-5 w-24" />
          <Skeleton className="mt-3 h-4 w-full" />
          <Skeleton className="mt-4 h-6 w-28" />
          <div className="mt-4 space-y-2">
            <Skeleton className="h-4 w-5/6" />
            <Skeleton className="h-4 w-4/6" />
            <Skeleton className="h-4 w-5/6" />
          </div>
          <Skeleton className="mt-6 h-10 w-full" />
        </div>
      ))}
    </div>
  );
}

/** The current plan's Plan record (an add-on purchase is priced on it); null without a price. */
function buyableCurrentPlan(plans: Plan[], subscription: Subscription): Plan | null {
  const plan = plans.find((p) => p.id === subscription.current_plan.id);
  return plan && plan.kind !== 'FREE' && !plan.contact_sales && plan.plan_prices.length > 0
    ? plan
    : null;
}

/** /profile/plans: every plan as a card, the Order summary for a plan or for MAU add-ons. */
export function PlansView() {
  const router = useRouter();
  const plans = useAvailablePlans();
  const subscription = useSubscription();
  const [target, setTarget] = useState<OrderTarget | null>(null);

  const list = plans.data ?? [];
  const sub = subscription.data;
  const addOnPlan = sub ? buyableCurrentPlan(list, sub) : null;

  // ?buy=add-ons (e.g. from the usage-limit dialog) opens the add-on purchase once the data is
  // in; state is adjusted while rendering, the URL clean-up is the effect's side effect.
  const [buyHandled, setBuyHandled] = useState(false);
  if (
    !buyHandled &&
    router.isReady &&
    router.query.buy === BUY_ADD_ONS_QUERY &&
    plans.isSuccess &&
    subscription.isSuccess
  ) {
    setBuyHandled(true);
    if (addOnPlan) setTarget({ plan: addOnPlan, isBuyAddOns: true });
  }
  const buyRefused = buyHandled && !addOnPlan && sub?.current_plan.code === 'free';
  const cleanedQuery = useRef(false);
  useEffect(() => {
    if (!buyHandled || cleanedQuery.current) return;
    cleanedQuery.current = true;
    if (buyRefused) notify.info(MESSAGES.payments.addOnsNeedPaidPlan);
    void router.replace(paths.plans(), undefined, { shallow: true });
  }, [buyHandled, buyRefused, router]);

  const failed = plans.isError ? plans.error : subscription.isError ? subscription.error : null;
  const retry = () => {
    if (plans.isError) void plans.refetch();
    if (subscription.isError) void subscription.refetch();
  };

  return (
    <section aria-labelledby="plans-heading" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="plans-heading" className="text-lg font-semibold text-slate-900">
            Plans
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {sub ? (
              <>
                You are on the <strong className="font-semibold">{sub.current_plan.name}</strong>{' '}
                plan. Plans differ in tracked products and monthly active users (MAUs).
              </>
            ) : (
              'Plans differ in tracked products and monthly active users (MAUs).'
            )}
          </p>
        </div>
        {addOnPlan ? (
          <Button
            variant="secondary"
            onClick={() => setTarget({ plan: addOnPlan, isBuyAddOns: true })}
          >
            Buy Add-ons
          </Button>
        ) : sub?.current_plan.code === 'free' ? (
          <p className="max-w-xs text-sm text-slate-500">{MESSAGES.payments.addOnsNeedPaidPlan}</p>
        ) : null}
      </div>

      {sub ? <ScheduledChange subscription={sub} /> : null}
      {plans.isPending || subscription.isPending ? <PlansSkeleton /> : null}
      {failed ? <RetryAlert message={failed.message} onRetry={retry} /> : null}
      {sub && list.length > 0 ? (
        <ul aria-label="Plans" className="grid gap-4 md:grid-cols-3 xl:grid-cols-5">
          {list.map((plan) => (
            <li key={plan.id}>
              <PlanCard
                plan={plan}
                action={planActionOf(
                  plan,
                  sub.current_plan,
                  sub.user_subscription.scheduled_plan?.code ?? null,
                )}
                startsAt={
                  sub.user_subscription.scheduled_plan?.code === plan.code
                    ? sub.user_subscription.current_period_end
                    : null
                }
                onChoose={(p) => setTarget({ plan: p, isBuyAddOns: false })}
              />
            </li>
          ))}
        </ul>
      ) : null}

      {sub ? (
        <OrderSummaryDialog target={target} subscription={sub} onClose={() => setTarget(null)} />
      ) : null}
    </section>
  );
}
