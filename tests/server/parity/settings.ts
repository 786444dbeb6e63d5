import { z } from 'zod';
import { eventFiltersSchema, ipCaptureSchema } from '@/lib/contracts/brand-settings';
import { productDeletionSchema } from '@/lib/contracts/product-deletion';
import type { ParityTable } from './table';

/** settings.handlers.ts: a product's IP capture and event filters (docs/settings.md). */
export const settings: ParityTable = {
  file: 'settings.handlers.ts',
  title: 'the product settings',
  steps: [
    {
      name: 'read IP capture (off by default)',
      method: 'GET',
      path: (s) => `/v1/brands/${s.brand}/ip-capture`,
      contract: ipCaptureSchema,
    },
    {
      name: 'save IP capture',
      method: 'PUT',
      path: (s) => `/v1/brands/${s.brand}/ip-capture`,
      body: { ip_capture: 'anonymised' },
      contract: ipCaptureSchema,
    },
    {
      name: 'refuse an unknown IP capture mode',
      method: 'PUT',
      path: (s) => `/v1/brands/${s.brand}/ip-capture`,
      body: { ip_capture: 'partial' },
    },
    {
      name: 'read the filters (none)',
      method: 'GET',
      path: (s) => `/v1/brands/${s.brand}/filters`,
      contract: eventFiltersSchema,
    },
    {
      name: 'save filters, ip rules in one spelling',
      method: 'PUT',
      path: (s) => `/v1/brands/${s.brand}/filters`,
      body: {
        rules: [
          { kind: 'ip', value: '::ffff:192.0.2.7' },
          { kind: 'ip', value: '2001:DB8::/32' },
          { kind: 'customer_id', value: ' bot-1 ' },
          { kind: 'event_code', value: 'Debug Ping' },
        ],
      },
      contract: eventFiltersSchema,
    },
    {
      name: 'refuse a bad CIDR range',
      method: 'PUT',
      path: (s) => `/v1/brands/${s.brand}/filters`,
      body: { rules: [{ kind: 'ip', value: '10.0.0.0/33' }] },
    },
    {
      name: 'refuse the same rule twice',
      method: 'PUT',
      path: (s) => `/v1/brands/${s.brand}/filters`,
      body: {
        rules: [
          { kind: 'ip', value: '10.0.0.1' },
          { kind: 'ip', value: '10.0.0.1/32' },
        ],
      },
    },
    { name: 'refuse an unknown product', method: 'GET', path: '/v1/brands/999999/filters' },
    {
      name: 'read the pending deletion (none)',
      method: 'GET',
      path: (s) => `/v1/brands/${s.brand}/deletion`,
      contract: productDeletionSchema.nullable(),
    },
    {
      name: 'refuse a deletion with the wrong name typed',
      method: 'POST',
      path: (s) => `/v1/brands/${s.brand}/deletion`,
      body: { name: 'not the name' },
    },
    {
      name: "refuse another account's deletion",
      method: 'POST',
      path: (s) => `/v1/brands/${s.brand}/deletion`,
      body: { name: 'Shop' },
      stranger: true,
    },
    {
      name: 'cancel when nothing is pending',
      method: 'DELETE',
      path: (s) => `/v1/brands/${s.brand}/deletion`,
      contract: z.object({ cancelled: z.literal(false) }),
    },
    {
      name: "refuse the product's filters to another account",
      method: 'GET',
      path: (s) => `/v1/brands/${s.brand}/filters`,
      stranger: true,
    },
    {
      name: "refuse to change another account's IP capture",
      method: 'PUT',
      path: (s) => `/v1/brands/${s.brand}/ip-capture`,
      body: { ip_capture: 'full' },
      stranger: true,
    },
  ],
};
