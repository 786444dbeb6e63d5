import { useRouter } from 'next/router';
import { useMemo, useReducer } from 'react';
import { notify } from '@/components/ui/toast';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { ADD_ONS_OWNED_MESSAGE, PREVIEW_DEBOUNCE_MS } from '@/lib/billing';
import type { Plan, Subscription } from '@/lib/contracts/plans';
import { paths } from '@/lib/paths';
import { useCartStore } from '@/stores/cart';
import {
  addOnProductOf,
  addOnReducer,
  addOnsMaxedOut,
  cartFor,
  chosenAddOns,
  initialAddOnState,
  isDowngrade,
  ownedAddOns,
  previewBodyFor,
  sameBody,
  type AddOnAction,
  type AddOnRules,
} from '../lib/order-summary';
import { useAddOnPlan } from './use-available-plans';
import { usePricePreview } from './use-price-preview';

/**
 * The Order summary's state (docs/product/entities.md#order-summary): the add-on stepper, the price
 * preview of the debounced choice (at once when the dialog opens, then 1 s after the last change)
 * and Proceed.
 */
export function useOrderSummary(opts: {
  plan: Plan;
  subscription: Subscription;
  isBuyAddOns: boolean;
}) {
  const { plan, subscription, isBuyAddOns } = opts;
  const router = useRouter();
  const setCart = useCartStore((s) => s.setCart);
  const addOnPlan = useAddOnPlan();
  const addOn = addOnProductOf(addOnPlan.data);

  const rules: AddOnRules = { owned: ownedAddOns(subscription), isBuyAddOns };
  const addOnsError = addOnPlan.isError ? addOnPlan.error.message : null;
  // Add-ons need a paid plan: a move to the free plan drops them.
  const offersAddOns = plan.kind !== 'FREE' && (addOnPlan.isPending || addOn !== null);
  const maxedOut = addOnsMaxedOut(rules);
  // An add-on purchase without the add-on's ids (still loading, or failed) has nothing to price.
  const canPrice = !maxedOut && !(isBuyAddOns && addOn === null);
  const [addOnState, dispatchAddOn] = useReducer(
    (state: ReturnType<typeof initialAddOnState>, action: AddOnAction) =>
      addOnReducer(state, action, rules),
    rules,
    initialAddOnState,
  );
  const addOns = offersAddOns ? chosenAddOns(addOnState) : 0;

  const planPriceId = plan.plan_prices[0]?.id;
  const addOnPlanId = addOn?.plan_id;
  const addOnPriceId = addOn?.plan_price_id;
  // Memoised on values so the debounce only restarts when the choice really changes.
  const body = useMemo(
    () =>
      !canPrice || planPriceId === undefined
        ? null
        : previewBodyFor(
            { id: plan.id, plan_prices: [{ id: planPriceId }] },
            addOns,
            addOnPlanId !== undefined && addOnPriceId !== undefined
              ? { plan_id: addOnPlanId, plan_price_id: addOnPriceId }
              : null,
          ),
    [canPrice, plan.id, planPriceId, addOns, addOnPlanId, addOnPriceId],
  );
  const debouncedBody = useDebouncedValue(body, PREVIEW_DEBOUNCE_MS);
  const preview = usePricePreview(debouncedBody);

  // Waiting for the debounce counts as loading: Proceed must never store an outdated preview.
  const waiting = body !== null && !sameBody(body, debouncedBody);
  const loading = waiting || preview.isFetching || (body === null && addOnPlan.isPending);
  const error = loading
    ? null
    : preview.isError
      ? preview.error.message
      : isBuyAddOns && addOnsError
        ? addOnsError
        : null;
  const ready = !loading && !error && body !== null && preview.data !== undefined;

  const onAddOnChange = (action: AddOnAction) => {
    if (action.type === 'toggle' && rules.owned > 0) {
      notify.warning(ADD_ONS_OWNED_MESSAGE);
      return;
    }
    dispatchAddOn(action);
  };

  const proceed = () => {
    if (!ready || !preview.data) return;
    setCart(cartFor({ plan, addOns, addOn, preview: preview.data, isBuyAddOns }));
    void router.push(paths.checkout());
  };

  return {
    addOnState,
    onAddOnChange,
    rules,
    offersAddOns,
    addOnsError,
    maxedOut,
    addOns,
    preview: ready ? preview.data : undefined,
    loading,
    error,
    ready,
    downgrade: isDowngrade(plan, subscription.current_plan),
    proceed,
  };
}
