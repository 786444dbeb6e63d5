import { z } from 'zod';
import {
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookSchema,
  webhookWithSecretSchema,
} from '@/lib/contracts/webhooks';
import { q, saveId, type ParityTable } from './table';

const created = webhookWithSecretSchema.extend({ secret: z.string().regex(/^whsec_/) });

/** webhooks.handlers.ts: a product's webhook endpoints and their delivery log (docs/webhooks.md). */
export const webhooks: ParityTable = {
  file: 'webhooks.handlers.ts',
  title: 'webhook endpoints and their delivery log',
  steps: [
    {
      name: 'list (empty)',
      method: 'GET',
      path: (s) => `/v1/webhooks?${q(s)}`,
      contract: webhookListSchema,
    },
    {
      name: 'create, with the secret once',
      method: 'POST',
      path: '/v1/webhooks',
      bodyOf: (s) => ({
        brand_id: s.brand,
        url: 'https://hooks.example.com/signpost',
        topics: ['flow.completed', 'event.signed_up'],
      }),
      contract: created,
      // The secret is random on both sides.
      compare: 'shape',
      save: saveId('webhook'),
    },
    {
      name: 'refuse an unknown topic',
      method: 'POST',
      path: '/v1/webhooks',
      bodyOf: (s) => ({ brand_id: s.brand, url: 'https://hooks.example.com/', topics: ['nope'] }),
    },
    {
      name: 'refuse a URL with credentials in it',
      method: 'POST',
      path: '/v1/webhooks',
      bodyOf: (s) => ({
        brand_id: s.brand,
        url: 'https://user:pw@hooks.example.com/',
        topics: ['flow.started'],
      }),
    },
    {
      name: 'list (one, without its secret)',
      method: 'GET',
      path: (s) => `/v1/webhooks?${q(s)}`,
      contract: webhookListSchema,
    },
    {
      name: 'read',
      method: 'GET',
      path: (s) => `/v1/webhooks/${s.webhook}`,
      contract: webhookSchema,
    },
    {
      name: 'update topics and disable',
      method: 'PUT',
      path: (s) => `/v1/webhooks/${s.webhook}`,
      body: { topics: ['segment.entered'], enabled: false },
      contract: webhookSchema,
    },
    {
      name: 'rotate the secret',
      method: 'POST',
      path: (s) => `/v1/webhooks/${s.webhook}/rotate-secret`,
      contract: created,
      compare: 'shape',
    },
    {
      name: 'the delivery log (empty)',
      method: 'GET',
      path: (s) => `/v1/webhooks/${s.webhook}/deliveries?limit=5`,
      contract: webhookDeliveryListSchema,
    },
    {
      name: 'refuse a cursor the log did not give',
      method: 'GET',
      path: (s) => `/v1/webhooks/${s.webhook}/deliveries?cursor=abc`,
    },
    {
      name: 'send a test event',
      method: 'POST',
      path: (s) => `/v1/webhooks/${s.webhook}/test`,
      contract: webhookDeliverySchema,
      // The body holds the time it was made.
      compare: 'shape',
      save: saveId('delivery'),
    },
    {
      name: 'resend it',
      method: 'POST',
      path: (s) => `/v1/webhooks/${s.webhook}/deliveries/${s.delivery}/resend`,
      contract: webhookDeliverySchema,
      compare: 'shape',
    },
    {
      name: 'refuse an unknown delivery',
      method: 'POST',
      path: (s) => `/v1/webhooks/${s.webhook}/deliveries/999999/resend`,
    },
    {
      name: 'refuse it to another account',
      method: 'GET',
      path: (s) => `/v1/webhooks/${s.webhook}`,
      stranger: true,
    },
    {
      name: "refuse another account's log",
      method: 'GET',
      path: (s) => `/v1/webhooks/${s.webhook}/deliveries`,
      stranger: true,
    },
    {
      name: 'delete',
      method: 'DELETE',
      path: (s) => `/v1/webhooks/${s.webhook}`,
      contract: z.object({ id: z.number() }),
    },
    {
      name: 'read it deleted',
      method: 'GET',
      path: (s) => `/v1/webhooks/${s.webhook}`,
    },
  ],
};
