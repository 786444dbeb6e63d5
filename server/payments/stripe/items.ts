import type Stripe from 'stripe';
import type { ChangeRequest } from '../types';
import { ADD_ON_CODE, FREE_CODE, type StripePrices } from './prices';

/** Subscription items: our plan and add-on read from Stripe's items, Stripe's built from ours. */
export function createSubscriptionItems(prices: StripePrices) {
  const { priceIdOf, codeOfPrice } = prices;

  /** The target's subscription items (plan, then add-ons when any) for a new subscription. */
  async function targetItems(req: ChangeRequest) {
    const items: { price: string; quantity: number }[] = [];
    if (req.target.plan.code !== FREE_CODE)
      items.push({ price: await priceIdOf(req.target.plan), quantity: 1 });
    if (req.target.addOnQuantity > 0)
      items.push({ price: await priceIdOf(req.addOn), quantity: req.target.addOnQuantity });
    return items;
  }

  /** Splits a subscription's items into the plan item and the add-on item. */
  async function itemsOf(sub: Stripe.Subscription) {
    let plan: Stripe.SubscriptionItem | null = null;
    let addOn: Stripe.SubscriptionItem | null = null;
    for (const item of sub.items.data) {
      if ((await codeOfPrice(item.price)) === ADD_ON_CODE) addOn = item;
      else plan = item;
    }
    return { plan, addOn };
  }

  /** Item changes of an existing subscription: existing item ids updated, the add-on added. */
  async function changedItems(
    sub: Stripe.Subscription,
    req: ChangeRequest,
  ): Promise<Stripe.SubscriptionUpdateParams.Item[]> {
    const { plan, addOn } = await itemsOf(sub);
    const items: Stripe.SubscriptionUpdateParams.Item[] = [];
    const planPrice = await priceIdOf(req.target.plan);
    items.push(plan ? { id: plan.id, price: planPrice, quantity: 1 } : { price: planPrice });
    const quantity = req.target.addOnQuantity;
    if (addOn)
      items.push(quantity > 0 ? { id: addOn.id, quantity } : { id: addOn.id, deleted: true });
    else if (quantity > 0) items.push({ price: await priceIdOf(req.addOn), quantity });
    return items;
  }

  return { targetItems, itemsOf, changedItems };
}

export type SubscriptionItems = ReturnType<typeof createSubscriptionItems>;
