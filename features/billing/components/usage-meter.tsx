import { useState } from 'react';
import { formatBillingDate, GRACE_DAYS } from '@/lib/billing';
import type { PlanCode } from '@/lib/constants';
import type { Subscription } from '@/lib/contracts/plans';
import { Button } from '@/components/ui/button';
import { trackingStopsAt, usageSummary } from '../lib/usage';
import { UsageBar, UsageHeadline } from '@/components/usage-bar';
import { UsageLimitDialog } from './usage-limit-dialog';

function GraceNote({ quota }: { quota: Subscription['user_quota'] }) {
  if (quota.tracking_paused)
    return (
      <p className="text-sm font-medium text-red-700">
        Tracking is paused: new events are refused until you buy add-ons or upgrade.
      </p>
    );
  const stops = trackingStopsAt(quota.over_limit_since);
  return (
    <p className="text-sm font-medium text-amber-800">
      {stops
        ? `Limit reached: tracking stops on ${formatBillingDate(stops)}, ${GRACE_DAYS} days after the limit was reached.`
        : `Limit reached: tracking stops ${GRACE_DAYS} days after the limit was reached.`}
    </p>
  );
}

export interface UsageMeterProps {
  planName: string;
  planCode: PlanCode;
  quota: Subscription['user_quota'];
}

/** This month's MAUs against the plan's limit; "View usage details" opens the Usage limit dialog. */
export function UsageMeter({ planName, planCode, quota }: UsageMeterProps) {
  const [open, setOpen] = useState(false);
  const usage = usageSummary(quota);
  return (
    <div className="flex flex-col gap-2" data-testid="usage-meter">
      <UsageHeadline usage={usage} />
      <UsageBar usage={usage} />
      {usage.over || quota.tracking_paused ? <GraceNote quota={quota} /> : null}
      <div>
        <Button variant="ghost" size="sm" className="-ml-3" onClick={() => setOpen(true)}>
          View usage details
        </Button>
      </div>
      <UsageLimitDialog
        open={open}
        onOpenChange={setOpen}
        planName={planName}
        planCode={planCode}
        usage={quota}
        trackingPaused={quota.tracking_paused}
      />
    </div>
  );
}
