import { expect } from 'vitest';
import type { Payment } from '@/lib/contracts/payments';
import type { Subscription } from '@/lib/contracts/plans';
import type { App } from '@/server/app';
import type { ApiRequest } from './helpers';

/** Plan and price ids of the public catalogue, read the way the dashboard reads them. */
export interface Catalogue {
  /** By plan code. */
  plans: Record<string, { id: number; price: number }>;
  addOn: { id: number; price: number };
  /** A check-out/preview body for a plan code and an add-on quantity (total wanted). */
  body: (code: string, addOns?: number, extra?: Record<string, unknown>) => Record<string, unknown>;
}

export async function loadCatalogue(app: App): Promise<Catalogue> {
  const plans: Catalogue['plans'] = {};
  const available = (await app.inject({ method: 'GET', url: '/v1/plans/available-plan' })).json()
    .data as { id: number; code: string; plan_prices: { id: number }[] }[];
  for (const p of available) plans[p.code] = { id: p.id, price: p.plan_prices[0]?.id ?? 0 };
  const addOns = (
    await app.inject({ method: 'GET', url: '/v1/plans?offset=0&limit=20&type=ADD_IN' })
  ).json().data.data as { id: number; plan_prices: { id: number }[] }[];
  const addOn = { id: addOns[0]?.id ?? 0, price: addOns[0]?.plan_prices[0]?.id ?? 0 };
  return {
    plans,
    addOn,
    body: (code, quantity = 0, extra = {}) => ({
      plan_id: plans[code]?.id,
      plan_price_id: plans[code]?.price,
      ...(quantity > 0
        ? { add_ins: [{ plan_id: addOn.id, plan_price_id: addOn.price, quantity }] }
        : {}),
      ...extra,
    }),
  };
}

/** GET /v1/payments/{id}, expecting 200. */
export async function paymentOf(api: ApiRequest, id: number) {
  const res = await api('GET', `/v1/payments/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Payment;
}

/** GET /v1/users/me/subscription, expecting 200. */
export async function subscriptionOf(api: ApiRequest) {
  const res = await api('GET', '/v1/users/me/subscription');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Subscription;
}
