import { homeSchema } from '@/lib/contracts/home';
import { q, type ParityTable } from './table';

/** home.handlers.ts: where the account stands. */
export const home: ParityTable = {
  file: 'home.handlers.ts',
  title: 'where the account stands',
  steps: [
    {
      name: 'home of the product',
      method: 'GET',
      path: (s) => `/v1/home?${q(s)}`,
      contract: homeSchema,
      madeUp: ['views_this_week'],
    },
    { name: 'home without a product', method: 'GET', path: '/v1/home', contract: homeSchema },
    { name: 'refuse another product', method: 'GET', path: '/v1/home?brand_id=999999' },
    {
      name: "refuse the product's home to another account",
      method: 'GET',
      path: (s) => `/v1/home?${q(s)}`,
      stranger: true,
    },
  ],
};
