import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import { createLocalProvider, localPreview } from '@/server/payments/local.provider';
import type { ChargeRequest, ProviderEvent } from '@/server/payments/types';

const T0 = new Date('2025-01-31T12:00:00.000Z');
const s = (iso: string) => Date.parse(iso) / 1000;
const item = (code: string, unitAmount: number, planId = 1) => ({
  planId,
  priceId: planId,
  code,
  name: code[0]!.toUpperCase() + code.slice(1),
  unitAmount,
});
const addOn = item('mau_add_on', 2000, 9);

function req(over: Partial<ChargeRequest> = {}): ChargeRequest {
  return {
    customerId: 'cus_local_1',
    current: {
      providerSubscriptionId: null,
      plan: item('free', 0),
      addOnQuantity: 0,
      periodStart: null,
      periodEnd: null,
    },
    target: { plan: item('growth', 14900, 3), addOnQuantity: 0 },
    addOn,
    mode: 'now',
    now: T0,
    paymentMethodRef: 'pm_local_ok_1',
    paymentId: 1,
    ...over,
  };
}

describe('local provider', () => {
  it('bills a month from now; 31 January runs to the end of February', () => {
    const p = localPreview(req({ target: { plan: item('growth', 14900, 3), addOnQuantity: 1 } }));
    expect(p).toMatchObject({ subtotal: 16900, total: 16900, summary: { has_proration: false } });
    expect(p.period_end).toBe(s('2025-02-28T12:00:00.000Z'));
  });

  it('never asks a negative total when the credit exceeds the new charge', () => {
    const p = localPreview(
      req({
        current: {
          providerSubscriptionId: 'sub_1',
          plan: item('scale', 39900, 4),
          addOnQuantity: 10,
          periodStart: T0,
          periodEnd: new Date('2025-02-28T12:00:00.000Z'),
        },
        target: { plan: item('starter', 4900, 2), addOnQuantity: 0 },
        now: new Date('2025-02-01T12:00:00.000Z'),
      }),
    );
    // 27 of 28 days unused of $599.00: -$577.61 credit against $49.00.
    expect(p.lines.map((l) => l.amount)).toEqual([-57761, 4900]);
    expect(p.subtotal).toBe(-57761 + 4900);
    expect(p.total).toBe(0);
  });

  it('charges each payment id once and settles through the event handler', async () => {
    const provider = createLocalProvider({ now: () => T0, settleDelayMs: 1 });
    const events: ProviderEvent[] = [];
    provider.onEvent(async (e) => void events.push(e));
    const first = await provider.charge(req({ paymentId: 7 }));
    const again = await provider.charge(req({ paymentId: 7 }));
    expect(again).toEqual(first);
    expect(first.status).toBe('pending');
    await provider.drain();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'payment.succeeded',
      paymentRef: first.paymentRef,
      subscription: { planCode: 'growth', periodStart: T0 },
    });

    const declined = await provider.charge(
      req({ paymentId: 8, paymentMethodRef: 'pm_local_decline_1' }),
    );
    await provider.drain();
    expect(events.at(-1)).toMatchObject({
      type: 'payment.failed',
      paymentRef: declined.paymentRef,
      message: MESSAGES.payments.cardDeclined,
    });
  });

  it('retries a delivery the handler could not apply yet', async () => {
    const provider = createLocalProvider({ now: () => T0, settleDelayMs: 1 });
    let calls = 0;
    provider.onEvent(async () => {
      if (++calls < 3) throw new Error('payment row not visible yet');
    });
    await provider.charge(req({ paymentId: 9 }));
    await provider.drain();
    expect(calls).toBe(3);
  });

  it('stores only brand, last four and expiry of a card', async () => {
    const provider = createLocalProvider({ now: () => T0 });
    const card = await provider.attachCard('cus_local_1', {
      card: { number: '4000 0025 0000 3155', exp_month: 2, exp_year: 27, cvc: '123' },
    });
    expect(card).toEqual({
      providerRef: expect.stringMatching(/^pm_local_auth_/),
      brand: 'visa',
      last4: '3155',
      expMonth: 2,
      expYear: 2027,
    });
    await expect(
      provider.attachCard('cus_local_1', { payment_method_id: 'pm_123' }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('declines 4000 0000 0000 0002 at save and saves 4000 0000 0000 0341 to decline it later', async () => {
    const provider = createLocalProvider({ now: () => T0, settleDelayMs: 1 });
    const card = (number: string) => ({
      card: { number, exp_month: 2, exp_year: 27, cvc: '123' },
    });
    await expect(
      provider.attachCard('cus_local_1', card('4000000000000002')),
    ).rejects.toMatchObject({
      status: 400,
      code: 'card_declined',
      message: MESSAGES.payments.cardDeclined,
    });
    const later = await provider.attachCard('cus_local_1', card('4000 0000 0000 0341'));
    expect(later).toMatchObject({
      last4: '0341',
      providerRef: expect.stringMatching(/^pm_local_decline_/),
    });
    const events: ProviderEvent[] = [];
    provider.onEvent(async (e) => void events.push(e));
    await provider.charge(req({ paymentId: 11, paymentMethodRef: later.providerRef }));
    await provider.drain();
    expect(events).toEqual([
      expect.objectContaining({ type: 'payment.failed', message: MESSAGES.payments.cardDeclined }),
    ]);
  });
});
