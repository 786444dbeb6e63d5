import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import type { Plan, Subscription } from '@/lib/contracts/plans';
import { useCartStore } from '@/stores/cart';
import { useOrderSummary } from '../hooks/use-order-summary';
import { AddOnsPicker } from './add-ons-picker';
import { PlanDetails } from './plan-details';
import { PlanSummaryPanel } from './plan-summary-panel';

/** What the Order summary sells: a plan, or add-ons on the current plan. */
export interface OrderTarget {
  plan: Plan;
  isBuyAddOns: boolean;
}

/** Props of the Order summary dialog. */
export interface OrderSummaryDialogProps {
  /** Null: closed. */
  target: OrderTarget | null;
  subscription: Subscription;
  onClose: () => void;
}

/**
 * The Order summary dialog (docs/product/screens.md#25-order-summary-dialog): a plan or add-on
 * purchase up to Proceed to checkout.
 */
export function OrderSummaryDialog({ target, subscription, onClose }: OrderSummaryDialogProps) {
  const reset = useCartStore((s) => s.reset);
  // X, Esc, overlay and Cancel all come through here: closing empties the cart
  // (docs/product/entities.md#order-summary).
  const close = () => {
    reset();
    onClose();
  };
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && close()}
      title="Order summary"
      className="max-w-3xl"
    >
      {target ? (
        <OrderSummaryBody
          // A new target starts from a fresh stepper and a fresh preview.
          key={`${target.plan.id}-${target.isBuyAddOns}`}
          target={target}
          subscription={subscription}
          onCancel={close}
        />
      ) : null}
    </Dialog>
  );
}

function OrderSummaryBody({
  target,
  subscription,
  onCancel,
}: {
  target: OrderTarget;
  subscription: Subscription;
  onCancel: () => void;
}) {
  const { plan, isBuyAddOns } = target;
  const order = useOrderSummary({ plan, subscription, isBuyAddOns });
  const showTotals = subscription.current_plan.code !== 'free';
  const periodEnd = subscription.user_subscription.current_period_end;

  return (
    <div className="grid gap-4 md:grid-cols-[1fr_18rem]">
      <div className="flex flex-col gap-4">
        {isBuyAddOns ? (
          <p className="text-sm text-slate-600">
            Add monthly active users to your current plan. They renew with it every month.
          </p>
        ) : null}
        <PlanDetails plan={plan} />
        {order.offersAddOns ? (
          <AddOnsPicker
            state={order.addOnState}
            rules={order.rules}
            maxedOut={order.maxedOut}
            onChange={order.onAddOnChange}
          />
        ) : plan.kind === 'FREE' && order.rules.owned > 0 ? (
          <p className="text-sm text-slate-600">
            Add-ons need a paid plan: yours end with your current period.
          </p>
        ) : null}
        {order.addOnsError && !isBuyAddOns ? (
          <FormAlert>Add-ons could not be loaded: {order.addOnsError}</FormAlert>
        ) : null}
        <div>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </div>
      <PlanSummaryPanel
        plan={plan}
        addOns={order.addOns}
        preview={order.preview}
        loading={order.loading}
        error={order.error}
        showTotals={showTotals}
        downgradeAt={order.downgrade ? (periodEnd ?? null) : null}
        canProceed={order.ready}
        onProceed={order.proceed}
      />
    </div>
  );
}
