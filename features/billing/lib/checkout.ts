import { checkoutKind, type CheckoutKind } from '@/lib/billing';
import type { CheckoutBody, PreviewCheckoutBody } from '@/lib/contracts/payments';
import type { CartData } from '@/stores/cart';
import { previewBodyFor } from './order-summary';

/**
 * The preview/checkout body of a cart (docs/product/api.md#user-subscription-and-payments): plan
 * and price ids, add_ins only when a quantity above 0 is chosen. `is_buy_add_ons` and `plan_order`
 * stay on the client (docs/product/entities.md#payment-method-and-checkout-request).
 */
export function previewBodyOf(cart: CartData): PreviewCheckoutBody | null {
  if (!cart.plan) return null;
  const addOn = cart.addOns.find((a) => a.quantity > 0);
  return previewBodyFor(
    { id: cart.plan.id, plan_prices: [{ id: cart.plan.plan_price_id }] },
    addOn?.quantity ?? 0,
    addOn ? { plan_id: addOn.plan_id, plan_price_id: addOn.plan_price_id } : null,
  );
}

export function checkoutBodyOf(
  cart: CartData,
  paymentMethodId: number | null,
): CheckoutBody | null {
  const body = previewBodyOf(cart);
  if (!body) return null;
  return paymentMethodId === null ? body : { ...body, payment_method_id: paymentMethodId };
}

/**
 * Which call the checkout makes for this cart and the current plan
 * (docs/product/entities.md#checkout-kind).
 */
export function checkoutKindOf(
  cart: CartData,
  current: { code: string; order_number: number },
): CheckoutKind {
  return checkoutKind({
    isBuyAddOns: cart.isBuyAddOns,
    currentPlanCode: current.code,
    currentOrder: current.order_number,
    chosenOrder: cart.planOrder ?? 0,
  });
}
