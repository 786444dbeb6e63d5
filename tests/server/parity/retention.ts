import { retentionSchema } from '@/lib/contracts/retention';
import type { ParityTable } from './table';

/** retention.handlers.ts: a product's data retention within its plan (docs/retention.md). */
export const retention: ParityTable = {
  file: 'retention.handlers.ts',
  title: 'the data retention',
  steps: [
    {
      name: 'read the retention (the plan maximum)',
      method: 'GET',
      path: (s) => `/v1/brands/${s.brand}/retention`,
      contract: retentionSchema,
      madeUp: ['cutoff'],
    },
    {
      name: 'save 6 months',
      method: 'PUT',
      path: (s) => `/v1/brands/${s.brand}/retention`,
      body: { retention_months: 6 },
      contract: retentionSchema,
      madeUp: ['cutoff'],
    },
    {
      name: 'refuse months above the Free plan',
      method: 'PUT',
      path: (s) => `/v1/brands/${s.brand}/retention`,
      body: { retention_months: 13 },
    },
    {
      name: 'refuse what is not a whole number of months',
      method: 'PUT',
      path: (s) => `/v1/brands/${s.brand}/retention`,
      body: { retention_months: 1.5 },
    },
    {
      name: "another account reads the product's retention: 404",
      method: 'GET',
      path: (s) => `/v1/brands/${s.brand}/retention`,
      stranger: true,
    },
    {
      name: 'back to the plan maximum',
      method: 'PUT',
      path: (s) => `/v1/brands/${s.brand}/retention`,
      body: { retention_months: null },
      contract: retentionSchema,
      madeUp: ['cutoff'],
    },
  ],
};
