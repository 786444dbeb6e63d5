import { formatCount, formatPercent } from '@/lib/format';
import { cn } from '@/components/ui/cn';
import type { UsageSummary } from '@/lib/billing';

const TONE_FILL: Record<UsageSummary['tone'], string> = {
  warning: 'bg-amber-500',
  normal: 'bg-brand-600',
};

/**
 * The MAU progress bar: amber from 70 %, brand colour below (docs/product/constants.md#usage).
 * Shared by the billing meter and dialog and by Home.
 */
export function UsageBar({ usage, className }: { usage: UsageSummary; className?: string }) {
  return (
    <div
      role="progressbar"
      aria-label="Monthly active users used"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(usage.progress)}
      aria-valuetext={usage.unlimited ? 'Unlimited' : formatPercent(usage.percentage)}
      data-tone={usage.tone}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-slate-100', className)}
    >
      <div
        className={cn('h-full rounded-full transition-[width]', TONE_FILL[usage.tone])}
        style={{ width: `${usage.progress}%` }}
      />
    </div>
  );
}

/**
 * "820 of 1K MAUs this month" (counts of 1,000 or more as K: docs/product/constants.md#display-formats);
 * an unlimited plan has no limit to count against.
 */
export function UsageCount({ usage }: { usage: UsageSummary }) {
  return (
    <p className="text-sm text-slate-700">
      <span className="font-semibold tabular-nums text-slate-900">{formatCount(usage.count)}</span>
      {usage.unlimited ? (
        ' MAUs this month'
      ) : (
        <>
          {' of '}
          <span className="font-semibold tabular-nums text-slate-900">
            {formatCount(usage.limit)}
          </span>
          {' MAUs this month'}
        </>
      )}
    </p>
  );
}

/** The count and, at the right, the share of the plan used ("Unlimited" without a limit). */
export function UsageHeadline({ usage }: { usage: UsageSummary }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <UsageCount usage={usage} />
      <span
        className={cn(
          'text-sm font-medium tabular-nums',
          usage.tone === 'warning' ? 'text-amber-700' : 'text-slate-600',
        )}
      >
        {usage.unlimited ? 'Unlimited' : formatPercent(usage.percentage)}
      </span>
    </div>
  );
}
