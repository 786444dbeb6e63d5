import { describe, expect, it } from 'vitest';
import { MAX_ADD_ONS_MESSAGE } from '@/lib/billing';
import type { PricePreview } from '@/lib/contracts/payments';
import type { Plan } from '@/lib/contracts/plans';
import {
  addOnFloor,
  addOnReducer,
  addOnUnitsLabel,
  cartFor,
  initialAddOnState,
  isDowngrade,
  planActionOf,
  previewBodyFor,
  sameBody,
  summaryPeriod,
  type AddOnAction,
  type AddOnRules,
  type AddOnState,
} from './order-summary';

const plan = (code: string, order: number, cents: number | null, kind: Plan['kind'] = 'NORMAL') =>
  ({
    id: order,
    code,
    name: code[0]!.toUpperCase() + code.slice(1),
    description: `${code} plan`,
    kind,
    order_number: order,
    contact_sales: kind === 'ENTERPRISE',
    plan_quota: { product_limit: 1, mau_limit: 1000 },
    plan_prices:
      cents === null
        ? []
        : [
            {
              id: order * 10,
              unit_amount: cents,
              currency: 'usd',
              interval: 'MONTH',
              pricing_model: 'LICENSED',
              billing_item: 'PLAN',
            },
          ],
  }) satisfies Plan;

const FREE = plan('free', 1, 0, 'FREE');
const STARTER = plan('starter', 2, 4900);
const GROWTH = plan('growth', 3, 14900);
const SCALE = plan('scale', 4, 39900);
const ENTERPRISE = plan('enterprise', 5, null, 'ENTERPRISE');
const current = (p: Plan) => ({ id: p.id, code: p.code, order_number: p.order_number });
const ADD_ON = { plan_id: 6, plan_price_id: 60 };

const run = (rules: AddOnRules, ...actions: AddOnAction[]): AddOnState =>
  actions.reduce((s, a) => addOnReducer(s, a, rules), initialAddOnState(rules));

describe('planActionOf', () => {
  it('marks the current plan, sends enterprise to sales and a scheduled plan as scheduled', () => {
    expect(planActionOf(GROWTH, current(GROWTH))).toBe('current');
    expect(planActionOf(ENTERPRISE, current(GROWTH))).toBe('contact-sales');
    expect(planActionOf(STARTER, current(GROWTH), 'starter')).toBe('scheduled');
  });

  it('offers a new checkout from free, upgrades and downgrades from a paid plan', () => {
    expect(planActionOf(GROWTH, current(FREE))).toBe('choose');
    expect(planActionOf(SCALE, current(GROWTH))).toBe('upgrade');
    expect(planActionOf(STARTER, current(GROWTH))).toBe('downgrade');
    expect(planActionOf(FREE, current(GROWTH))).toBe('downgrade');
  });

  it('isDowngrade: only a lower plan than a paid current plan', () => {
    expect(isDowngrade(STARTER, current(GROWTH))).toBe(true);
    expect(isDowngrade(SCALE, current(GROWTH))).toBe(false);
    expect(isDowngrade(STARTER, current(FREE))).toBe(false);
  });
});

describe('addOnReducer', () => {
  const none: AddOnRules = { owned: 0, isBuyAddOns: false };

  it('starts off without owned add-ons; on starts at 1, off clears the quantity', () => {
    expect(initialAddOnState(none)).toEqual({
      checked: false,
      quantity: 0,
      draft: null,
      error: null,
    });
    expect(run(none, { type: 'toggle' })).toMatchObject({ checked: true, quantity: 1 });
    expect(run(none, { type: 'toggle' }, { type: 'increment' }, { type: 'toggle' })).toEqual({
      checked: false,
      quantity: 0,
      draft: null,
      error: null,
    });
  });

  it('stays between 1 and 10 and says so above 10', () => {
    const at10 = run(none, { type: 'toggle' }, { type: 'type', text: '10' });
    expect(at10).toMatchObject({ quantity: 10, error: null });
    expect(addOnReducer(at10, { type: 'increment' }, none)).toMatchObject({
      quantity: 10,
      error: MAX_ADD_ONS_MESSAGE,
    });
    expect(addOnReducer(at10, { type: 'type', text: '11' }, none)).toMatchObject({
      quantity: 10,
      draft: null,
      error: MAX_ADD_ONS_MESSAGE,
    });
    const one = run(none, { type: 'toggle' }, { type: 'decrement' });
    expect(one).toMatchObject({ quantity: 1, error: null });
  });

  it('keeps typed text below the minimum until blur, then clamps', () => {
    const owned: AddOnRules = { owned: 3, isBuyAddOns: false };
    const typing = run(owned, { type: 'type', text: '1' });
    expect(typing).toMatchObject({ quantity: 3, draft: '1' });
    expect(addOnReducer(typing, { type: 'blur' }, owned)).toMatchObject({
      quantity: 3,
      draft: null,
    });
    expect(run(owned, { type: 'type', text: '' }, { type: 'blur' })).toMatchObject({
      quantity: 3,
    });
    expect(run(owned, { type: 'type', text: '7' })).toMatchObject({ quantity: 7, draft: null });
  });

  it('owned add-ons hold the box on at the owned quantity and the stepper above it', () => {
    const owned: AddOnRules = { owned: 2, isBuyAddOns: false };
    expect(initialAddOnState(owned)).toMatchObject({ checked: true, quantity: 2 });
    expect(run(owned, { type: 'toggle' })).toMatchObject({ checked: true, quantity: 2 });
    expect(run(owned, { type: 'decrement' })).toMatchObject({ quantity: 2 });
    expect(run(owned, { type: 'increment' })).toMatchObject({ quantity: 3 });
  });

  it('buying add-ons holds the box on and adds at least one unit', () => {
    expect(addOnFloor({ owned: 0, isBuyAddOns: true })).toBe(1);
    expect(addOnFloor({ owned: 2, isBuyAddOns: true })).toBe(3);
    const buy: AddOnRules = { owned: 2, isBuyAddOns: true };
    expect(run(buy)).toMatchObject({ checked: true, quantity: 3 });
    expect(run(buy, { type: 'toggle' }, { type: 'decrement' })).toMatchObject({
      checked: true,
      quantity: 3,
    });
    // Already at the maximum: nothing changes.
    const maxed: AddOnRules = { owned: 10, isBuyAddOns: true };
    expect(run(maxed, { type: 'increment' })).toMatchObject({ quantity: 10, error: null });
  });
});

describe('previewBodyFor and cartFor', () => {
  it('sends add_ins only with a quantity above 0, and waits for the add-on ids', () => {
    expect(previewBodyFor(GROWTH, 0, ADD_ON)).toEqual({ plan_id: 3, plan_price_id: 30 });
    expect(previewBodyFor(GROWTH, 2, ADD_ON)).toEqual({
      plan_id: 3,
      plan_price_id: 30,
      add_ins: [{ plan_id: 6, plan_price_id: 60, quantity: 2 }],
    });
    expect(previewBodyFor(GROWTH, 2, null)).toBeNull();
    expect(previewBodyFor(ENTERPRISE, 0, ADD_ON)).toBeNull();
    expect(sameBody(previewBodyFor(GROWTH, 2, ADD_ON), previewBodyFor(GROWTH, 2, ADD_ON))).toBe(
      true,
    );
  });

  const preview: PricePreview = {
    subtotal: 32450,
    total: 32450,
    period_end: 1_800_000_000,
    summary: { has_proration: true },
    lines: [
      { description: 'Plan', amount: 39900, quantity: 1, period: { start: 1, end: 2 } },
      { description: 'Unused time', amount: -7450, quantity: 1, period: { start: 3, end: 4 } },
      { description: 'Other credit', amount: -100, quantity: 1, period: { start: 5, end: 6 } },
    ],
  };

  it('stores plan, add-ons, total and the first negative line as proration', () => {
    expect(cartFor({ plan: SCALE, addOns: 2, addOn: ADD_ON, preview, isBuyAddOns: false })).toEqual(
      {
        plan: {
          id: 4,
          code: 'scale',
          name: 'Scale',
          description: 'scale plan',
          plan_price_id: 40,
          unit_amount: 39900,
        },
        addOns: [{ plan_id: 6, plan_price_id: 60, quantity: 2 }],
        addOnsQuantity: 2,
        totalPrice: 39900 + 2 * 2000,
        proration: { amount: -7450, start: 3, end: 4 },
        isBuyAddOns: false,
        planOrder: 4,
      },
    );
    const plain = cartFor({ plan: SCALE, addOns: 0, addOn: ADD_ON, preview, isBuyAddOns: true });
    expect(plain.addOns).toEqual([]);
    expect(plain).toMatchObject({ addOnsQuantity: 0, totalPrice: 39900, isBuyAddOns: true });
  });

  it('labels add-on units and the billing period', () => {
    expect(addOnUnitsLabel(2)).toBe('2 × 1,000 MAUs');
    const now = new Date(2030, 0, 15);
    const end = Math.floor(new Date(2030, 1, 15).getTime() / 1000);
    const p = { ...preview, period_end: end };
    expect(summaryPeriod(p, false, now)).toBe('15/01/2030 - 15/02/2030');
    const start = Math.floor(new Date(2030, 0, 20).getTime() / 1000);
    const later = { ...p, lines: [{ ...p.lines[0]!, period: { start, end } }] };
    expect(summaryPeriod(later, true, now)).toBe('20/01/2030 - 15/02/2030');
  });
});
