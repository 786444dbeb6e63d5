import { formatCount } from '@/lib/format';
import Link from 'next/link';
import type { PlanCode } from '@/lib/constants';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { buttonClasses, focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { SUPPORT_MAILTO, usageSummary, type Usage } from '../lib/usage';
import { planColour } from '../lib/plan-display';
import { UsageBar, UsageCount } from '@/components/usage-bar';

export interface UsageLimitDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  planName: string;
  planCode: PlanCode;
  usage: Usage;
  trackingPaused?: boolean;
}

/**
 * The grace warning (docs/product/screens.md#usage-limit for paid plans,
 * docs/product/constants.md#usage for free): not once tracking is paused.
 */
function GraceWarning({ show }: { show: boolean }) {
  return show ? (
    <span className="font-medium text-slate-900">{MESSAGES.usage.trackingDisabled}. </span>
  ) : null;
}

function Message({ free, over, paused }: { free: boolean; over: boolean; paused: boolean }) {
  const warn = over && !paused;
  if (free)
    return (
      <>
        <GraceWarning show={warn} />
        Upgrade to a paid plan to get full access to Signpost and a higher monthly limit of monthly
        active users.
      </>
    );
  if (!over) return <>Buy MAU add-ons or upgrade your plan when you need a higher limit.</>;
  return (
    <>
      <GraceWarning show={warn} />
      Buy MAU add-ons or upgrade your plan to keep tracking your customers.
    </>
  );
}

/**
 * Usage limit (docs/product/screens.md#usage-limit): plan, maximum MAUs and this month's count with
 * a bar, and the ways to a higher limit. Under the limit (opened from the meter) the title says the
 * usage instead.
 */
export function UsageLimitDialog({
  open,
  onOpenChange,
  planName,
  planCode,
  usage: numbers,
  trackingPaused = false,
}: UsageLimitDialogProps) {
  const usage = usageSummary(numbers);
  const free = planCode === 'free';
  const over = usage.over || trackingPaused;
  // Add-ons top up a finite paid limit; the free plan must upgrade and unlimited needs nothing.
  const canBuyAddOns = !free && !usage.unlimited;
  const close = () => onOpenChange(false);

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={over ? MESSAGES.usage.limitTitle : MESSAGES.usage.underLimitTitle}
      description={<Message free={free} over={over} paused={trackingPaused} />}
      className="max-w-lg"
    >
      {trackingPaused ? (
        <FormAlert className="mb-4">
          Tracking is paused: new events are refused until you buy add-ons or upgrade.
        </FormAlert>
      ) : null}
      <div className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Plan</dt>
            <dd className="mt-1">
              <span
                className={cn(
                  'rounded-full px-2 py-0.5 text-xs font-semibold',
                  planColour(planCode).badge,
                )}
              >
                {planName}
              </span>
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">
              Maximum MAUs
            </dt>
            <dd className="mt-1 font-semibold tabular-nums text-slate-900">
              {usage.unlimited ? 'Unlimited' : formatCount(usage.limit)}
            </dd>
          </div>
        </dl>
        <UsageCount usage={usage} />
        <UsageBar usage={usage} />
      </div>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <a
          href={SUPPORT_MAILTO}
          className={cn('rounded text-sm font-medium text-brand-700 hover:underline', focusRing)}
        >
          Chat with us
        </a>
        <div className="flex flex-wrap gap-2">
          <Link
            href={paths.plans()}
            onClick={close}
            className={buttonClasses(canBuyAddOns ? 'secondary' : 'primary')}
          >
            Explore more plans
          </Link>
          {canBuyAddOns ? (
            <Link href={paths.plansBuyAddOns()} onClick={close} className={buttonClasses()}>
              Buy Add-ons
            </Link>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}
