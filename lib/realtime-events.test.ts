import { describe, expect, it } from 'vitest';
import {
  PAYMENT_STATUSES,
  paymentStatusEventSchema,
  usageLimitEventSchema,
} from './contracts/payments';
import { isPaymentStatusEvent, isUsageLimitEvent } from './realtime-events';

const payments: unknown[] = [
  ...PAYMENT_STATUSES.map((status) => ({ payment_id: 1, status, plan_code: 'g', message: null })),
  { payment_id: 7, status: 'failed', plan_code: 'free', message: 'Declined.' },
  { payment_id: 'x', status: 'paid', plan_code: 'g', message: null },
  { payment_id: 1.5, status: 'paid', plan_code: 'g', message: null },
  { payment_id: 1, status: 'refunded', plan_code: 'g', message: null },
  { payment_id: 1, status: 'paid', message: null },
  { payment_id: 1, status: 'paid', plan_code: 'g' },
  { payment_id: 1, status: 'paid', plan_code: 'g', message: 3 },
  null,
  'paid',
  [],
];
const usages: unknown[] = [
  { mau_count: 1000, mau_limit: 1000 },
  { mau_count: 0, mau_limit: 0, extra: true },
  { mau_count: '1', mau_limit: 1 },
  { mau_count: 1 },
  { mau_count: 1.2, mau_limit: 3 },
  undefined,
];

describe('socket payload checks', () => {
  it('accept exactly what the contract schemas accept', () => {
    for (const p of payments)
      expect([p, isPaymentStatusEvent(p)]).toEqual([
        p,
        paymentStatusEventSchema.safeParse(p).success,
      ]);
    for (const u of usages)
      expect([u, isUsageLimitEvent(u)]).toEqual([u, usageLimitEventSchema.safeParse(u).success]);
  });
});
