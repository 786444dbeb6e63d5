import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { formatBillingDate, formatMoney, MAU_ADD_ON_PRICE_CENTS, prorationOf } from '@/lib/billing';
import type { PricePreview } from '@/lib/contracts/payments';
import type { Plan } from '@/lib/contracts/plans';
import { addOnUnitsLabel, summaryPeriod } from '../lib/order-summary';

/** Props of the Plan Summary panel. */
export interface PlanSummaryPanelProps {
  plan: Plan;
  addOns: number;
  preview: PricePreview | undefined;
  loading: boolean;
  error: string | null;
  /**
   * Proration and total are shown only when the current plan is not free
   * (docs/product/entities.md#order-summary).
   */
  showTotals: boolean;
  /** The change starts at the end of the current period (ISO), nothing is due today. */
  downgradeAt: string | null;
  canProceed: boolean;
  onProceed: () => void;
}

function Row({
  label,
  detail,
  amount,
  className,
}: {
  label: string;
  detail?: ReactNode;
  amount: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex items-start justify-between gap-3 py-2 text-sm', className)}>
      <dt>
        <span className="text-slate-700">{label}</span>
        {detail ? <span className="block text-xs text-slate-500">{detail}</span> : null}
      </dt>
      <dd className="text-right font-medium text-slate-900">{amount}</dd>
    </div>
  );
}

/** The Plan Summary side panel: what the order costs, from the price preview, and Proceed. */
export function PlanSummaryPanel({
  plan,
  addOns,
  preview,
  loading,
  error,
  showTotals,
  downgradeAt,
  canProceed,
  onProceed,
}: PlanSummaryPanelProps) {
  const proration = preview && showTotals ? prorationOf(preview.lines) : null;

  return (
    <section
      aria-label="Plan Summary"
      aria-busy={loading || undefined}
      className="flex flex-col rounded-lg bg-slate-50 p-4"
    >
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Plan Summary</h3>
      <dl className="mt-2 divide-y divide-slate-200">
        <Row
          label="Monthly Subscription"
          detail={plan.name}
          amount={formatMoney(plan.plan_prices[0]?.unit_amount ?? 0)}
        />
        {addOns > 0 ? (
          <Row
            label="MAU add-ons"
            detail={addOnUnitsLabel(addOns)}
            amount={`${addOns} × ${formatMoney(MAU_ADD_ON_PRICE_CENTS)}`}
          />
        ) : null}
        {proration && !loading ? (
          <Row
            label="Unused time"
            detail={`${formatBillingDate(proration.start)} - ${formatBillingDate(proration.end)}`}
            amount={<span className="text-emerald-700">{formatMoney(proration.amount)}</span>}
          />
        ) : null}
        {showTotals && preview && !loading ? (
          <Row
            label="Total due today"
            detail={summaryPeriod(preview, downgradeAt !== null)}
            amount={<span className="text-base">{formatMoney(preview.total)}</span>}
            className="font-semibold"
          />
        ) : null}
      </dl>
      {loading ? (
        <div role="status" aria-label="Loading price" className="space-y-3 py-2">
          <div className="flex justify-between gap-3">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-4 w-16" />
          </div>
          {showTotals ? (
            <div className="flex justify-between gap-3">
              <Skeleton className="h-5 w-32" />
              <Skeleton className="h-5 w-20" />
            </div>
          ) : null}
        </div>
      ) : null}

      {downgradeAt ? (
        <p className="mt-3 text-sm text-slate-600">
          {plan.name} starts at the end of your current period, on {formatBillingDate(downgradeAt)}.
          Nothing is charged today.
        </p>
      ) : null}
      {error ? <FormAlert className="mt-3">{error}</FormAlert> : null}

      <Button className="mt-4 w-full" loading={loading} disabled={!canProceed} onClick={onProceed}>
        {loading ? 'Loading' : 'Proceed to checkout'}
      </Button>
    </section>
  );
}
