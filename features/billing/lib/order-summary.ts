import {
  billingPeriod,
  cartTotal,
  clampAddOnQuantity,
  formatBillingDate,
  MAU_ADD_ON_BLOCK,
  MAX_ADD_ONS,
  MAX_ADD_ONS_MESSAGE,
  prorationOf,
} from '@/lib/billing';
import type { PreviewCheckoutBody, PricePreview } from '@/lib/contracts/payments';
import type { Plan, Subscription } from '@/lib/contracts/plans';
import { formatInteger } from '@/lib/format';
import type { CartData } from '@/stores/cart';
import { addOnQuantityOf } from './subscription-display';

/**
 * Enterprise is sold by the sales team (docs/product/screens.md#25-order-summary-dialog: no
 * checkout for it).
 */
export const SALES_EMAIL = 'sales@signpost.dev';
export const SALES_MAILTO = `mailto:${SALES_EMAIL}?subject=${encodeURIComponent('Signpost Enterprise plan')}`;

/** What a plan card offers for `plan`, given the subscription. */
export type PlanAction =
  'current' | 'scheduled' | 'contact-sales' | 'upgrade' | 'downgrade' | 'choose';

/** Button text of each plan-card action (contact sales is a mailto link instead). */
export const PLAN_ACTION_LABELS: Record<Exclude<PlanAction, 'contact-sales'>, string> = {
  current: 'Current plan',
  scheduled: 'Scheduled',
  upgrade: 'Upgrade',
  downgrade: 'Downgrade',
  choose: 'Choose plan',
};

/** The subscription's current plan as the rules need it. */
interface CurrentPlan {
  id: number;
  code: string;
  order_number: number;
}

/**
 * A plan card's button: from the free plan every paid plan is a new checkout ("Choose plan");
 * from a paid plan a higher order_number is an upgrade, a lower one a downgrade.
 */
export function planActionOf(
  plan: Pick<Plan, 'id' | 'code' | 'kind' | 'order_number' | 'contact_sales'>,
  current: CurrentPlan,
  scheduledCode: string | null = null,
): PlanAction {
  if (plan.id === current.id) return 'current';
  if (plan.kind === 'ENTERPRISE' || plan.contact_sales) return 'contact-sales';
  if (plan.code === scheduledCode) return 'scheduled';
  if (current.code === 'free') return 'choose';
  return plan.order_number > current.order_number ? 'upgrade' : 'downgrade';
}

/** A change to a lower plan than a paid current plan: it starts at the period end (server rule). */
export function isDowngrade(plan: Pick<Plan, 'order_number'>, current: CurrentPlan): boolean {
  return current.code !== 'free' && plan.order_number < current.order_number;
}

/** Add-on units the subscription already has. */
export function ownedAddOns(subscription: Pick<Subscription, 'user_subscription'>): number {
  return addOnQuantityOf(subscription.user_subscription.add_ons);
}

/**
 * The add-ons checkbox and quantity stepper of the Order summary
 * (docs/product/entities.md#order-summary, docs/product/validation.md#59-other-rules).
 */
export interface AddOnState {
  checked: boolean;
  /** The quantity in force; 0 when the box is off. */
  quantity: number;
  /** Text being typed that is not a quantity yet (empty, or below the minimum); null otherwise. */
  draft: string | null;
  error: string | null;
}

/** What bounds the stepper: the owned add-ons, and whether this is an add-on purchase. */
export interface AddOnRules {
  owned: number;
  isBuyAddOns: boolean;
}

/**
 * The stepper's lowest value: the owned quantity (at least 1,
 * docs/product/validation.md#59-other-rules). Buying add-ons must add at least one unit, otherwise
 * the server answers that nothing changes.
 */
export function addOnFloor({ owned, isBuyAddOns }: AddOnRules): number {
  return Math.max(1, isBuyAddOns ? owned + 1 : owned);
}

/** No more add-ons can be bought: the account already has the maximum. */
export function addOnsMaxedOut(rules: AddOnRules): boolean {
  return rules.isBuyAddOns && rules.owned >= MAX_ADD_ONS;
}

/** The box is held on: owned add-ons cannot be dropped, and an add-on purchase needs add-ons. */
export function addOnsLocked(rules: AddOnRules): boolean {
  return rules.owned > 0 || rules.isBuyAddOns;
}

/** The stepper as the dialog opens: on at the minimum when add-ons are owned or bought. */
export function initialAddOnState(rules: AddOnRules): AddOnState {
  if (addOnsMaxedOut(rules))
    return { checked: true, quantity: rules.owned, draft: null, error: null };
  const checked = addOnsLocked(rules);
  return { checked, quantity: checked ? addOnFloor(rules) : 0, draft: null, error: null };
}

/** What the user does to the add-ons checkbox and stepper. */
export type AddOnAction =
  | { type: 'toggle' }
  | { type: 'increment' }
  | { type: 'decrement' }
  | { type: 'type'; text: string }
  | { type: 'blur' };

function clampTo(wanted: number, rules: AddOnRules): { quantity: number; error: string | null } {
  // clampAddOnQuantity treats its second argument as the minimum owned quantity.
  return clampAddOnQuantity(wanted, addOnFloor(rules));
}

/**
 * The stepper's transitions: turning the box off clears the quantity, turning it on starts at
 * the minimum; a locked box does not toggle; asking for more than 10 keeps 10 and says so.
 */
export function addOnReducer(
  state: AddOnState,
  action: AddOnAction,
  rules: AddOnRules,
): AddOnState {
  if (addOnsMaxedOut(rules)) return state;
  switch (action.type) {
    case 'toggle':
      if (addOnsLocked(rules)) return state;
      return state.checked
        ? { checked: false, quantity: 0, draft: null, error: null }
        : { checked: true, quantity: addOnFloor(rules), draft: null, error: null };
    case 'increment':
    case 'decrement': {
      if (!state.checked) return state;
      const { quantity, error } = clampTo(
        state.quantity + (action.type === 'increment' ? 1 : -1),
        rules,
      );
      return { ...state, quantity, draft: null, error };
    }
    case 'type': {
      if (!state.checked) return state;
      const text = action.text.trim();
      const n = Number(text);
      if (text === '' || !Number.isFinite(n)) return { ...state, draft: text, error: null };
      if (n > MAX_ADD_ONS)
        return { ...state, quantity: MAX_ADD_ONS, draft: null, error: MAX_ADD_ONS_MESSAGE };
      // Below the minimum the text stays as typed (the user may be typing "1" of "10"); blur clamps.
      if (n < addOnFloor(rules)) return { ...state, draft: text, error: null };
      return { ...state, quantity: Math.trunc(n), draft: null, error: null };
    }
    case 'blur':
      if (state.draft === null) return state;
      return {
        ...state,
        quantity: clampTo(Number(state.draft) || 0, rules).quantity,
        draft: null,
      };
  }
}

/** The add-on of the catalogue as the preview and the cart need it. */
export interface AddOnProduct {
  plan_id: number;
  plan_price_id: number;
}

/** The catalogue's MAU add-on ids, or null when it has no price. */
export function addOnProductOf(plan: Plan | null | undefined): AddOnProduct | null {
  const price = plan?.plan_prices[0];
  return plan && price ? { plan_id: plan.id, plan_price_id: price.id } : null;
}

/** Add-on units the order buys: the quantity when the box is on, else 0. */
export const chosenAddOns = (state: Pick<AddOnState, 'checked' | 'quantity'>) =>
  state.checked ? Math.max(0, state.quantity) : 0;

/**
 * The preview body (docs/product/api.md#user-subscription-and-payments): plan and price ids,
 * add_ins only when the box is on with a quantity above 0. Null when there is nothing to price (no
 * plan price, or add-ons without their ids yet).
 */
export function previewBodyFor(
  plan: { id: number; plan_prices: readonly { id: number }[] },
  addOns: number,
  addOn: AddOnProduct | null,
): PreviewCheckoutBody | null {
  const price = plan.plan_prices[0];
  if (!price) return null;
  const body: PreviewCheckoutBody = { plan_id: plan.id, plan_price_id: price.id };
  if (addOns <= 0) return body;
  if (!addOn) return null;
  return { ...body, add_ins: [{ ...addOn, quantity: addOns }] };
}

/**
 * What Proceed to checkout stores (docs/product/entities.md#order-summary): proration from the
 * preview's first negative line.
 */
export function cartFor(opts: {
  plan: Plan;
  addOns: number;
  addOn: AddOnProduct | null;
  preview: PricePreview;
  isBuyAddOns: boolean;
}): CartData {
  const { plan, addOns, addOn, preview } = opts;
  const price = plan.plan_prices[0];
  return {
    plan: {
      id: plan.id,
      code: plan.code,
      name: plan.name,
      description: plan.description,
      plan_price_id: price?.id ?? 0,
      unit_amount: price?.unit_amount ?? 0,
    },
    addOns: addOn && addOns > 0 ? [{ ...addOn, quantity: addOns }] : [],
    addOnsQuantity: addOns,
    totalPrice: cartTotal(plan.plan_prices, addOns),
    proration: prorationOf(preview.lines),
    isBuyAddOns: opts.isBuyAddOns,
    planOrder: plan.order_number,
  };
}

/** "2 × 1,000 MAUs". */
export const addOnUnitsLabel = (n: number) => `${n} × ${formatInteger(MAU_ADD_ON_BLOCK)} MAUs`;

/**
 * The date range beside the total: from today to the preview's period end
 * (docs/product/constants.md#money-and-billing-period); a downgrade is billed from the start of its
 * first period (the end of the current one).
 */
export function summaryPeriod(preview: PricePreview, downgrade: boolean, now = new Date()): string {
  const start = preview.lines[0]?.period.start;
  if (downgrade && start)
    return `${formatBillingDate(start)} - ${formatBillingDate(preview.period_end)}`;
  return billingPeriod(preview.period_end, now);
}

/** Bodies compare by value: the debounced body is a different object with the same content. */
export const sameBody = (a: PreviewCheckoutBody | null, b: PreviewCheckoutBody | null) =>
  JSON.stringify(a) === JSON.stringify(b);
