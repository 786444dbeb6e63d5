import { z } from 'zod';
import { activeSessionSchema, userSchema } from '@/lib/contracts/auth';
import { brandSchema, brandSourcesSchema, serverKeySchema } from '@/lib/contracts/brands';
import { planSchema, subscriptionSchema } from '@/lib/contracts/plans';
import { list, type ParityTable } from './table';

/** handlers.ts: the account, its products, plans and features. */
export const account: ParityTable = {
  file: 'handlers.ts',
  title: 'the account, products, plans and features',
  steps: [
    { name: 'read me', method: 'GET', path: '/v1/users/me', contract: userSchema },
    {
      name: 'update me',
      method: 'PUT',
      path: '/v1/users/me',
      body: { name: 'Parity Person' },
      contract: userSchema,
    },
    {
      name: 'refuse a wrong current password',
      method: 'PUT',
      path: '/v1/users/me/password',
      body: { current_password: 'Wrong1!pass', password: 'Another1!pw' },
    },
    {
      name: 'list sessions',
      method: 'GET',
      path: '/v1/users/me/sessions',
      contract: z.array(activeSessionSchema),
    },
    { name: 'refuse without a session', method: 'GET', path: '/v1/users/me', anonymous: true },
    {
      name: 'read the subscription',
      method: 'GET',
      path: '/v1/users/me/subscription',
      contract: subscriptionSchema,
    },
    {
      name: 'list available plans',
      method: 'GET',
      path: '/v1/plans/available-plan',
      contract: z.array(planSchema),
      // The first paid plan, for the price preview of billing.handlers.ts.
      save: (plans: z.infer<typeof planSchema>[]) => {
        const paid = plans.find((p) => (p.plan_prices[0]?.unit_amount ?? 0) > 0)!;
        return { plan: paid.id, price: paid.plan_prices[0]!.id };
      },
    },
    { name: 'list plans', method: 'GET', path: '/v1/plans?limit=3', contract: list(planSchema) },
    { name: 'list products', method: 'GET', path: '/v1/brands', contract: list(brandSchema) },
    {
      name: 'refuse a second product on the free plan',
      method: 'POST',
      path: '/v1/brands',
      body: { name: 'Second', domain: 'second.example.com' },
    },
    {
      name: 'refuse an invalid product',
      method: 'POST',
      path: '/v1/brands',
      body: { name: '', domain: 'not a domain' },
    },
    {
      name: 'read the product',
      method: 'GET',
      path: (s) => `/v1/brands/${s.brand}`,
      contract: brandSchema,
    },
    {
      name: 'update the product',
      method: 'PUT',
      path: (s) => `/v1/brands/${s.brand}`,
      body: { name: 'Shop renamed', domain: 'https://www.Shop.example.com/', time_zone: 'UTC' },
      contract: brandSchema,
    },
    {
      name: 'rotate the write key',
      method: 'POST',
      path: (s) => `/v1/brands/${s.brand}/rotate-key`,
      contract: brandSchema,
    },
    {
      name: 'refuse another product',
      method: 'GET',
      path: '/v1/brands/999999',
    },
    {
      name: 'refuse the product to another account',
      method: 'GET',
      path: (s) => `/v1/brands/${s.brand}`,
      stranger: true,
    },
    {
      name: 'read trusted sources',
      method: 'GET',
      path: (s) => `/v1/brands/${s.brand}/sources`,
      contract: brandSourcesSchema,
    },
    {
      name: 'update trusted sources',
      method: 'PUT',
      path: (s) => `/v1/brands/${s.brand}/sources`,
      body: { allowed_origins: ['https://app.example.com'], require_signed_identity: true },
      contract: brandSourcesSchema,
    },
    {
      name: 'refuse deleting a server key never made',
      method: 'DELETE',
      path: (s) => `/v1/brands/${s.brand}/server-key`,
    },
    {
      name: 'make a server key',
      method: 'POST',
      path: (s) => `/v1/brands/${s.brand}/server-key`,
      contract: serverKeySchema,
    },
    {
      name: 'delete the server key',
      method: 'DELETE',
      path: (s) => `/v1/brands/${s.brand}/server-key`,
      contract: brandSourcesSchema,
    },
    {
      name: 'read the features',
      method: 'GET',
      path: '/v1/features',
      contract: z.object({ features: z.record(z.string(), z.unknown()) }),
    },
  ],
};

/** Last (handlers.ts again): deleting the product frees the plan's one slot. */
export const productLifecycle: ParityTable = {
  file: 'handlers.ts',
  title: 'deleting and creating a product',
  steps: [
    {
      name: 'refuse deleting the product as another account',
      method: 'DELETE',
      path: (s) => `/v1/brands/${s.brand}`,
      stranger: true,
    },
    {
      name: 'delete the product',
      method: 'DELETE',
      path: (s) => `/v1/brands/${s.brand}`,
      contract: z.object({ id: z.number() }),
    },
    { name: 'refuse the deleted product', method: 'GET', path: (s) => `/v1/brands/${s.brand}` },
    {
      name: 'create a product',
      method: 'POST',
      path: '/v1/brands',
      body: { name: 'Fresh', domain: 'fresh.example.com' },
      contract: brandSchema,
    },
  ],
};
