import { describe, expect, it } from 'vitest';
import {
  addOnQuantityOf,
  addOnsText,
  periodEndText,
  planPriceText,
  productsText,
} from './subscription-display';

const price = (unit_amount: number) => ({
  id: 1,
  unit_amount,
  currency: 'usd',
  interval: 'MONTH' as const,
  pricing_model: 'LICENSED' as const,
  billing_item: 'PLAN' as const,
});

describe('subscription display', () => {
  it('prices a plan per month, free at 0, custom without a price', () => {
    expect(planPriceText({ plan_prices: [price(14900)] })).toBe('$149.00/month');
    expect(planPriceText({ plan_prices: [price(0)] })).toBe('Free');
    expect(planPriceText({ plan_prices: [] })).toBe('Custom pricing');
  });

  it('sums add-ons and names the MAUs they add', () => {
    expect(addOnQuantityOf([{ plan_id: 6, quantity: 2 }])).toBe(2);
    expect(addOnsText(2)).toBe('2 MAU add-ons (+2,000 MAUs)');
    expect(addOnsText(1)).toBe('1 MAU add-on (+1,000 MAUs)');
    expect(addOnsText(0)).toBe('None');
  });

  it('shows the renewal, or the scheduled change, as dd/MM/yyyy', () => {
    const end = '2025-04-15T12:00:00.000Z';
    expect(periodEndText({ current_period_end: end, scheduled_plan: null })).toBe(
      'Renews on 15/04/2025',
    );
    expect(
      periodEndText({
        current_period_end: end,
        scheduled_plan: { code: 'starter', name: 'Starter' },
      }),
    ).toBe('Switches to Starter on 15/04/2025');
    expect(periodEndText({ current_period_end: null, scheduled_plan: null })).toBeNull();
  });

  it('counts products against the limit, 0 meaning unlimited', () => {
    expect(productsText(2, 3)).toBe('2 of 3 tracked products used');
    expect(productsText(7, 0)).toBe('7 of unlimited tracked products used');
  });
});
