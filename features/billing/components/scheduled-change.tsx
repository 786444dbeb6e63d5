import { formatBillingDate } from '@/lib/billing';
import type { Subscription } from '@/lib/contracts/plans';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { notify } from '@/components/ui/toast';
import { useKeepPlan } from '../hooks/use-keep-plan';

/**
 * A lower plan (or Free) scheduled for the end of the period, with the way back: keeping the
 * current plan calls the change off. Nothing when no change is scheduled.
 */
export function ScheduledChange({ subscription }: { subscription: Subscription }) {
  const keep = useKeepPlan({
    onSuccess: (result) => notify.success(result.message),
    onError: (error) => notify.error(error.message),
  });
  const { scheduled_plan: next, current_period_end: at } = subscription.user_subscription;
  if (!next) return null;
  const current = subscription.current_plan.name;
  return (
    <FormAlert tone="info" className="flex flex-wrap items-center justify-between gap-3">
      <span>
        Your plan switches to <strong>{next.name}</strong>
        {at ? ` on ${formatBillingDate(at)}` : ' at the end of the period'}.
      </span>
      <Button size="sm" variant="secondary" loading={keep.isPending} onClick={() => keep.mutate()}>
        Keep {current} plan
      </Button>
    </FormAlert>
  );
}
