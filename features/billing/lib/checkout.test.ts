import { describe, expect, it } from 'vitest';
import { EMPTY_CART, type CartData } from '@/stores/cart';
import { checkoutBodyOf, checkoutKindOf, previewBodyOf } from './checkout';

const growth = {
  id: 3,
  code: 'growth',
  name: 'Growth',
  description: '',
  plan_price_id: 3,
  unit_amount: 14900,
};
const cart = (over: Partial<CartData> = {}): CartData => ({
  ...EMPTY_CART,
  plan: growth,
  planOrder: 3,
  ...over,
});

describe('checkout bodies', () => {
  it('sends add_ins only when a quantity above 0 is chosen', () => {
    expect(previewBodyOf(cart())).toEqual({ plan_id: 3, plan_price_id: 3 });
    expect(
      previewBodyOf(cart({ addOns: [{ plan_id: 6, plan_price_id: 6, quantity: 0 }] })),
    ).toEqual({ plan_id: 3, plan_price_id: 3 });
    expect(
      previewBodyOf(cart({ addOns: [{ plan_id: 6, plan_price_id: 6, quantity: 2 }] })),
    ).toEqual({
      plan_id: 3,
      plan_price_id: 3,
      add_ins: [{ plan_id: 6, plan_price_id: 6, quantity: 2 }],
    });
  });

  it('has nothing to send for an empty cart, and names the chosen card', () => {
    expect(previewBodyOf(EMPTY_CART)).toBeNull();
    expect(checkoutBodyOf(EMPTY_CART, 1)).toBeNull();
    expect(checkoutBodyOf(cart(), 7)).toEqual({
      plan_id: 3,
      plan_price_id: 3,
      payment_method_id: 7,
    });
    expect(checkoutBodyOf(cart(), null)).not.toHaveProperty('payment_method_id');
  });

  it('upgrades when buying add-ons or moving up from a paid plan; otherwise checks out', () => {
    expect(checkoutKindOf(cart(), { code: 'free', order_number: 1 })).toBe('checkout');
    expect(checkoutKindOf(cart(), { code: 'starter', order_number: 2 })).toBe('upgrade');
    expect(checkoutKindOf(cart({ planOrder: 2 }), { code: 'scale', order_number: 4 })).toBe(
      'checkout',
    );
    expect(checkoutKindOf(cart({ isBuyAddOns: true }), { code: 'growth', order_number: 3 })).toBe(
      'upgrade',
    );
  });
});
