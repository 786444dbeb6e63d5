import { z } from 'zod';
import { okMessage } from '@/lib/contracts/common';
import {
  autocompleteSchema,
  definedCodesSchema,
  eventListSchema,
  eventSchema,
  trackedEventSchema,
  undefinedEventSchema,
} from '@/lib/contracts/events';
import { q, saveId, type ParityTable } from './table';

/** events.handlers.ts: event definitions, their lookups and the live tail. */
export const events: ParityTable = {
  file: 'events.handlers.ts',
  title: 'event definitions and the live tail',
  steps: [
    {
      name: 'list (empty)',
      method: 'GET',
      path: (s) => `/v1/events?${q(s)}`,
      contract: eventListSchema,
    },
    {
      name: 'create',
      method: 'POST',
      path: '/v1/events',
      bodyOf: (s) => ({
        brand_id: s.brand,
        name: 'Checkout completed',
        code: 'checkout_completed',
        attributes: [{ code: 'amount', name: 'Amount', data_type: 'number' }],
      }),
      contract: eventSchema,
      save: saveId('event'),
    },
    {
      name: 'refuse a taken code',
      method: 'POST',
      path: '/v1/events',
      bodyOf: (s) => ({ brand_id: s.brand, name: 'Again', code: 'checkout_completed' }),
    },
    {
      name: 'refuse an invalid body',
      method: 'POST',
      path: '/v1/events',
      bodyOf: (s) => ({ brand_id: s.brand, name: '', code: 'x' }),
    },
    {
      name: 'read',
      method: 'GET',
      path: (s) => `/v1/events/${s.event}`,
      contract: eventSchema,
    },
    {
      name: 'update',
      method: 'PUT',
      path: (s) => `/v1/events/${s.event}`,
      bodyOf: (s) => ({ brand_id: s.brand, name: 'Order placed', code: 'order_placed' }),
      contract: eventSchema,
    },
    {
      name: 'list',
      method: 'GET',
      path: (s) => `/v1/events?${q(s)}&search=order`,
      contract: eventListSchema,
    },
    {
      name: 'autocomplete',
      method: 'GET',
      path: (s) => `/v1/events/autocomplete?${q(s)}&name=ord`,
      contract: autocompleteSchema,
    },
    {
      name: 'defined codes',
      method: 'GET',
      path: (s) => `/v1/events/codes?${q(s)}`,
      contract: definedCodesSchema,
    },
    {
      name: 'undefined codes',
      method: 'GET',
      path: (s) => `/v1/events/undefined?${q(s)}`,
      contract: z.array(undefinedEventSchema),
    },
    {
      name: 'live tail',
      method: 'GET',
      path: (s) => `/v1/tracking-session-data/tail?${q(s)}`,
      contract: z.object({ data: z.array(trackedEventSchema) }),
    },
    {
      name: 'refuse another product',
      method: 'GET',
      path: '/v1/events?brand_id=999999',
    },
    { name: 'refuse a malformed id', method: 'GET', path: '/v1/events/first' },
    {
      name: 'refuse it to another account',
      method: 'GET',
      path: (s) => `/v1/events/${s.event}`,
      stranger: true,
    },
    {
      name: 'delete',
      method: 'DELETE',
      path: (s) => `/v1/events/${s.event}`,
      contract: okMessage,
    },
    {
      name: 'refuse the deleted one',
      method: 'GET',
      path: (s) => `/v1/events/${s.event}`,
    },
  ],
};
