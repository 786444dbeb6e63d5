import { brandThemeSchema } from '@/lib/contracts/theme';
import type { ParityTable } from './table';

/** theme.handlers.ts: the product theme, "Custom styling" (the account is on the free plan). */
export const theme: ParityTable = {
  file: 'theme.handlers.ts',
  title: 'the product theme',
  steps: [
    {
      name: 'read the default theme',
      method: 'GET',
      path: (s) => `/v1/brands/${s.brand}/theme`,
      contract: brandThemeSchema,
    },
    {
      name: 'refuse a colour that is not hex',
      method: 'PUT',
      path: (s) => `/v1/brands/${s.brand}/theme`,
      body: { card_background: 'red; background: url(x)' },
    },
    {
      name: 'refuse to save on the free plan',
      method: 'PUT',
      path: (s) => `/v1/brands/${s.brand}/theme`,
      body: { card_background: '#0f172a', corner_radius: 4 },
    },
    { name: 'refuse an unknown product', method: 'GET', path: '/v1/brands/999999/theme' },
    {
      name: "refuse the product's theme to another account",
      method: 'GET',
      path: (s) => `/v1/brands/${s.brand}/theme`,
      stranger: true,
    },
  ],
};
