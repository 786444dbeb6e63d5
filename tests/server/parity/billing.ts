import { z } from 'zod';
import { okMessage } from '@/lib/contracts/common';
import {
  paymentMethodSchema,
  paymentSchema,
  paymentsConfigSchema,
  pricePreviewSchema,
  setupIntentSchema,
} from '@/lib/contracts/payments';
import { list, saveId, type ParityTable } from './table';

/** billing.handlers.ts: cards, prices and payments (the local provider). */
export const billing: ParityTable = {
  file: 'billing.handlers.ts',
  title: 'cards, prices and payments',
  steps: [
    {
      name: 'payments config',
      method: 'GET',
      path: '/v1/payments/config',
      contract: paymentsConfigSchema,
    },
    {
      name: 'list cards (empty)',
      method: 'GET',
      path: '/v1/users/me/payment-methods',
      contract: list(paymentMethodSchema),
    },
    {
      name: 'add a card',
      method: 'POST',
      path: '/v1/users/me/payment-methods',
      body: { card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2099, cvc: '123' } },
      contract: paymentMethodSchema,
      save: saveId('card'),
    },
    {
      name: 'refuse a card failing Luhn',
      method: 'POST',
      path: '/v1/users/me/payment-methods',
      body: { card: { number: '4242 4242 4242 4241', exp_month: 12, exp_year: 2099, cvc: '123' } },
    },
    {
      name: 'set the default card',
      method: 'PUT',
      path: (s) => `/v1/users/me/payment-methods/set-default/${s.card}`,
      contract: okMessage,
    },
    {
      name: "refuse another account's card",
      method: 'PUT',
      path: (s) => `/v1/users/me/payment-methods/set-default/${s.card}`,
      stranger: true,
    },
    {
      name: 'list cards',
      method: 'GET',
      path: '/v1/users/me/payment-methods',
      contract: list(paymentMethodSchema),
    },
    {
      name: 'preview a checkout',
      method: 'POST',
      path: '/v1/payments/preview-checkout',
      bodyOf: (s) => ({ plan_id: s.plan, plan_price_id: s.price }),
      contract: pricePreviewSchema,
      // The period starts at each side's own clock: the two readings may fall a second apart.
      madeUp: ['start', 'end', 'period_end'],
    },
    {
      name: 'refuse a setup intent without a customer',
      method: 'POST',
      path: '/v1/payments/setup-intent',
      body: {},
    },
    {
      name: 'payment customer',
      method: 'POST',
      path: '/v1/payments/customer',
      contract: z.object({ customer_id: z.string() }),
      save: (data: { customer_id: string }) => ({ customer: data.customer_id }),
    },
    {
      name: 'setup intent',
      method: 'POST',
      path: '/v1/payments/setup-intent',
      bodyOf: (s) => ({ customerId: s.customer }),
      contract: setupIntentSchema,
    },
    {
      name: 'payment history (empty)',
      method: 'GET',
      path: '/v1/users/me/payment-history',
      contract: list(paymentSchema),
    },
    { name: 'refuse an unknown payment', method: 'GET', path: '/v1/payments/999999' },
    {
      name: 'delete the card',
      method: 'DELETE',
      path: (s) => `/v1/users/me/payment-methods/${s.card}`,
      contract: okMessage,
    },
    {
      name: 'refuse the deleted card',
      method: 'DELETE',
      path: (s) => `/v1/users/me/payment-methods/${s.card}`,
    },
  ],
};
