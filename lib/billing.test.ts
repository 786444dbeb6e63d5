import { describe, expect, it } from 'vitest';
import {
  ADD_ONS_OWNED_MESSAGE,
  billingPeriod,
  cardBrandOf,
  cartTotal,
  checkoutKind,
  clampAddOnQuantity,
  clampProgress,
  decideChange,
  expiryValid,
  formatBillingDate,
  formatMoney,
  GRACE_DAYS,
  isOverLimit,
  luhnValid,
  MAX_ADD_ONS_MESSAGE,
  mauLimitOf,
  prorationOf,
  testCardBehaviour,
  TEST_CARDS,
  unusedTimeCredit,
  usagePercentage,
  usageTone,
} from './billing';
import { MESSAGES } from './messages';

const line = (amount: number, start = 100, end = 200) => ({
  description: '',
  amount,
  quantity: 1,
  period: { start, end },
});

describe('cart and proration', () => {
  it('totals the plan’s first unit_amount plus $20 per add-on, in cents', () => {
    expect(cartTotal([{ unit_amount: 14900 }, { unit_amount: 1 }], 2)).toBe(18900);
    expect(cartTotal([], 3)).toBe(6000);
    expect(cartTotal([{ unit_amount: 4900 }], -1)).toBe(4900);
  });

  it('takes the proration from the first negative line', () => {
    expect(prorationOf([line(39900), line(-7450, 10, 20), line(-1, 30, 40)])).toEqual({
      amount: -7450,
      start: 10,
      end: 20,
    });
    expect(prorationOf([line(14900)])).toBeNull();
  });

  it('credits unused time the way Stripe prorates, to the cent', () => {
    const start = new Date('2026-03-01T00:00:00Z');
    const end = new Date('2026-03-31T00:00:00Z');
    expect(unusedTimeCredit(14900, start, end, new Date('2026-03-16T00:00:00Z'))).toBe(-7450);
    // 19 days 16 hours of 30 unused: 14900 × 19.6667 / 30 = 9767.6 → 9768.
    expect(unusedTimeCredit(14900, start, end, new Date('2026-03-11T08:00:00Z'))).toBe(-9768);
    expect(unusedTimeCredit(14900, start, end, end)).toBe(0);
    expect(unusedTimeCredit(0, start, end, start)).toBe(0);
  });
});

describe('add-on quantity', () => {
  it('clamps between the owned quantity (at least 1) and 10, with the spec message above 10', () => {
    expect(clampAddOnQuantity(0)).toEqual({ quantity: 1, error: null });
    expect(clampAddOnQuantity(4)).toEqual({ quantity: 4, error: null });
    expect(clampAddOnQuantity(2, 3)).toEqual({ quantity: 3, error: null });
    expect(clampAddOnQuantity(10)).toEqual({ quantity: 10, error: null });
    expect(clampAddOnQuantity(11)).toEqual({ quantity: 10, error: 'Maximum 10 add-ons' });
    expect(clampAddOnQuantity(Number.NaN, 2)).toEqual({ quantity: 2, error: null });
    expect(MAX_ADD_ONS_MESSAGE).toBe('Maximum 10 add-ons');
    expect(ADD_ONS_OWNED_MESSAGE).toBe('You already have add-ons from your current plan.');
  });
});

describe('checkout kind (docs/product/entities.md#checkout-kind)', () => {
  const kind = (
    isBuyAddOns: boolean,
    currentPlanCode: string,
    currentOrder: number,
    chosen: number,
  ) => checkoutKind({ isBuyAddOns, currentPlanCode, currentOrder, chosenOrder: chosen });

  it('upgrades when buying add-ons, or to a higher plan from a paid one; else checks out', () => {
    expect(kind(true, 'growth', 3, 3)).toBe('upgrade');
    expect(kind(false, 'growth', 3, 4)).toBe('upgrade');
    expect(kind(false, 'free', 1, 3)).toBe('checkout');
    expect(kind(false, 'scale', 4, 2)).toBe('checkout');
    expect(kind(false, 'growth', 3, 3)).toBe('checkout');
  });

  const plan = (id: number, kind: string, orderNumber: number) => ({ id, kind, orderNumber });
  const free = plan(1, 'FREE', 1);
  const growth = plan(3, 'NORMAL', 3);
  const scale = plan(4, 'NORMAL', 4);

  it('decides on the server: new checkout, upgrade, add-ons today, downgrade at period end', () => {
    const d = (
      current: typeof free,
      paid: boolean,
      target: typeof free,
      owned = 0,
      requested = 0,
    ) => decideChange({ current, currentPaid: paid, target, owned, requested });
    expect(d(free, false, growth, 0, 2)).toEqual({ kind: 'checkout', mode: 'now', quantity: 2 });
    expect(d(growth, true, scale, 1)).toEqual({ kind: 'upgrade', mode: 'now', quantity: 1 });
    expect(d(growth, true, growth, 1, 3)).toEqual({ kind: 'add_ons', mode: 'now', quantity: 3 });
    expect(d(scale, true, growth)).toEqual({ kind: 'downgrade', mode: 'period_end', quantity: 0 });
    expect(d(growth, true, free, 2)).toEqual({
      kind: 'downgrade',
      mode: 'period_end',
      quantity: 0,
    });
  });

  it('refuses what makes no sense with a message a person can act on', () => {
    const err = (r: ReturnType<typeof decideChange>) => ('error' in r ? r.error : null);
    expect(
      err(
        decideChange({
          current: growth,
          currentPaid: true,
          target: growth,
          owned: 2,
          requested: 1,
        }),
      ),
    ).toEqual({
      status: 409,
      code: 'same_plan',
      message: MESSAGES.payments.samePlan,
    });
    expect(
      err(
        decideChange({ current: growth, currentPaid: true, target: free, owned: 0, requested: 1 }),
      )?.code,
    ).toBe('add_ons_need_plan');
    expect(
      err(
        decideChange({ current: scale, currentPaid: true, target: growth, owned: 1, requested: 3 }),
      )?.message,
    ).toBe(MESSAGES.payments.addOnsWithDowngrade);
  });
});

describe('usage', () => {
  it('is count / limit × 100, with the warning colour from 70 %', () => {
    expect(usagePercentage(700, 1000)).toBe(70);
    expect(usagePercentage(1, 3)).toBeCloseTo(33.333, 2);
    expect(usagePercentage(5, 0)).toBe(0);
    expect(usageTone(69.99)).toBe('normal');
    expect(usageTone(70)).toBe('warning');
    expect(usageTone(140)).toBe('warning');
  });

  it('clamps progress to [0, max] and counts the limit as reached at equality', () => {
    expect(clampProgress(140)).toBe(100);
    expect(clampProgress(-5)).toBe(0);
    expect(clampProgress(50, 40)).toBe(40);
    expect(clampProgress(Number.NaN)).toBe(0);
    expect(isOverLimit(1000, 1000)).toBe(true);
    expect(isOverLimit(999, 1000)).toBe(false);
    expect(isOverLimit(10 ** 9, 0)).toBe(false);
  });

  it('adds 1,000 MAUs per add-on to the plan quota; 0 stays unlimited; missing is 1', () => {
    expect(mauLimitOf(50_000, 2)).toBe(52_000);
    expect(mauLimitOf(0, 3)).toBe(0);
    expect(mauLimitOf(undefined, 0)).toBe(1);
  });
});

describe('money and dates', () => {
  it('shows cents as dollars with 2 decimals', () => {
    expect(formatMoney(14900)).toBe('$149.00');
    expect(formatMoney(-7450)).toBe('-$74.50');
    expect(formatMoney(123456789)).toBe('$1,234,567.89');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(Number.NaN)).toBe('$0.00');
  });

  it('shows dates as dd/MM/yyyy from Dates, ISO text or epoch seconds', () => {
    expect(formatBillingDate(new Date(2026, 10, 5))).toBe('05/11/2026');
    expect(formatBillingDate('2026-01-31T12:00:00')).toBe('31/01/2026');
    expect(formatBillingDate(new Date(2026, 1, 3).getTime() / 1000)).toBe('03/02/2026');
    expect(formatBillingDate('not a date')).toBe('N/A');
  });

  it('shows the period from today to its end, or a month ahead without one', () => {
    const now = new Date(2026, 0, 31);
    expect(billingPeriod(new Date(2026, 1, 28).getTime() / 1000, now)).toBe(
      '31/01/2026 - 28/02/2026',
    );
    expect(billingPeriod(null, now)).toBe('31/01/2026 - 28/02/2026');
  });
});

describe('cards', () => {
  it('checks the Luhn sum, the accepted brands and the expiry', () => {
    expect(luhnValid(TEST_CARDS.succeeds)).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42a2')).toBe(false);
    expect(cardBrandOf('4242424242424242')).toBe('visa');
    expect(cardBrandOf('5555555555554444')).toBe('mastercard');
    expect(cardBrandOf('2223003122003222')).toBe('mastercard');
    expect(cardBrandOf('378282246310005')).toBe('amex');
    expect(cardBrandOf('6011111111111117')).toBeNull();
    const now = new Date(Date.UTC(2026, 10, 25));
    expect(expiryValid(11, 2026, now)).toBe(true);
    expect(expiryValid(10, 2026, now)).toBe(false);
    expect(expiryValid(1, 27, now)).toBe(true);
    expect(expiryValid(13, 2030, now)).toBe(false);
  });

  it('knows the test cards: succeeds, declined at save, declined at payment, authentication', () => {
    expect(testCardBehaviour(TEST_CARDS.succeeds)).toBe('ok');
    expect(testCardBehaviour(TEST_CARDS.declined)).toBe('refuse');
    expect(testCardBehaviour(TEST_CARDS.declinedAtPayment)).toBe('decline');
    expect(testCardBehaviour(TEST_CARDS.authentication)).toBe('auth');
    expect(Object.values(TEST_CARDS).every(luhnValid)).toBe(true);
  });
});

describe('usage dialog text', () => {
  it('names the grace period of the server', () => {
    expect(MESSAGES.usage.trackingDisabled).toContain(`after ${GRACE_DAYS} days`);
  });
});
