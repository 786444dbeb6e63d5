import {
  billingPeriod,
  formatBillingDate,
  formatMoney,
  MAU_ADD_ON_PRICE_CENTS,
  prorationOf,
} from '@/lib/billing';
import type { PricePreview } from '@/lib/contracts/payments';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import type { CartData } from '@/stores/cart';
import { addOnUnitsLabel, summaryPeriod } from '../lib/order-summary';
import { planColour } from '../lib/plan-display';

export interface CheckoutSummaryProps {
  cart: CartData & { plan: NonNullable<CartData['plan']> };
  preview: PricePreview | undefined;
  loading: boolean;
  error: string | null;
  /** A move to a lower plan: billed from the end of the current period, nothing today. */
  downgrade: boolean;
}

function Line({ label, amount, hint }: { label: string; amount: number; hint?: string }) {
  return (
    <div className="flex items-start justify-between gap-4 py-2 text-sm">
      <div>
        <p className="text-slate-700">{label}</p>
        {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
      </div>
      <p className={amount < 0 ? 'text-emerald-700' : 'text-slate-900'}>{formatMoney(amount)}</p>
    </div>
  );
}

/**
 * What is being bought, priced by the server's preview (never by the client's totals): the
 * credit for unused time when upgrading, and the total charged today.
 */
export function CheckoutSummary({
  cart,
  preview,
  loading,
  error,
  downgrade,
}: CheckoutSummaryProps) {
  const quantity = cart.addOnsQuantity;
  const proration = preview ? prorationOf(preview.lines) : null;
  const due = preview ? preview.total : null;
  return (
    <section aria-labelledby="checkout-summary" className="rounded-xl border border-slate-200 p-6">
      <h2 id="checkout-summary" className="text-base font-semibold text-slate-900">
        Order summary
      </h2>
      <div className="mt-3 flex items-center gap-2">
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${planColour(cart.plan.code).badge}`}
        >
          {cart.plan.name}
        </span>
        {cart.isBuyAddOns ? <span className="text-xs text-slate-500">MAU add-ons</span> : null}
      </div>
      <div className="mt-3 divide-y divide-slate-100">
        <Line label="Monthly Subscription" amount={cart.plan.unit_amount} hint="per month" />
        {quantity > 0 ? (
          <Line
            label={`${addOnUnitsLabel(quantity)} add-on`}
            amount={quantity * MAU_ADD_ON_PRICE_CENTS}
            hint="per month"
          />
        ) : null}
        {loading ? (
          <div role="status" aria-label="Loading price" className="flex flex-col gap-2 py-3">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ) : error ? (
          <FormAlert className="my-3">{error}</FormAlert>
        ) : (
          <>
            {proration ? (
              <Line
                label="Credit for unused time"
                amount={proration.amount}
                hint={`${formatBillingDate(proration.start)} - ${formatBillingDate(proration.end)}`}
              />
            ) : null}
            {due !== null ? (
              <div className="flex items-start justify-between gap-4 pt-3 text-base font-semibold">
                <div>
                  <p className="text-slate-900">Total due today</p>
                  <p className="text-xs font-normal text-slate-500">
                    {preview ? summaryPeriod(preview, downgrade) : billingPeriod(null)}
                  </p>
                </div>
                <p data-testid="total-due" className="text-slate-900">
                  {formatMoney(due)}
                </p>
              </div>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
