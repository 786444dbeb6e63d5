import { builderSessionSchema } from '@/lib/contracts/builder';
import { builderProbeSentSchema } from '@/lib/contracts/builder-probe';
import { flowSchema } from '@/lib/contracts/flows';
import { aFlow, aStep } from '../../fixtures/flows';
import { saveId, type ParityTable } from './table';

/** A launch of the builder for the saved tour's tooltip step. */
const launch = (over: Record<string, unknown> = {}) => ({
  step_id: 'tip-1',
  url: 'https://shop.example.com/cart#/checkout',
  mode: 'pick',
  ...over,
});

/** builder.handlers.ts: launching the builder on the product's site (docs/builder.md). */
export const builder: ParityTable = {
  file: 'builder.handlers.ts',
  title: 'builder sessions from the editor',
  steps: [
    {
      name: 'save a tour with a tooltip',
      method: 'POST',
      path: '/v1/flows',
      bodyOf: (s) =>
        aFlow({
          brand_id: Number(s.brand),
          steps: [
            aStep({
              id: 'tip-1',
              type: 'tool_tip',
              select_element: { url: 'https://shop.example.com/cart', selector: '#buy' },
            }),
          ],
        }),
      contract: flowSchema,
      save: saveId('builderFlow'),
    },
    {
      name: "launch picking on the product's domain",
      method: 'POST',
      path: (s) => `/v1/flows/${s.builderFlow}/builder-sessions`,
      body: launch(),
      contract: builderSessionSchema,
      // The one-time code and its expiry are each side's own.
      madeUp: ['open_url', 'expires_at'],
    },
    {
      name: 'launch a preview on a subdomain',
      method: 'POST',
      path: (s) => `/v1/flows/${s.builderFlow}/builder-sessions`,
      body: launch({ url: 'http://app.shop.example.com:8080/', mode: 'preview' }),
      contract: builderSessionSchema,
      madeUp: ['open_url', 'expires_at'],
    },
    {
      name: 'refuse a look-alike origin',
      method: 'POST',
      path: (s) => `/v1/flows/${s.builderFlow}/builder-sessions`,
      body: launch({ url: 'https://shop.example.com.evil.com/' }),
    },
    {
      name: 'refuse an address with credentials',
      method: 'POST',
      path: (s) => `/v1/flows/${s.builderFlow}/builder-sessions`,
      body: launch({ url: 'https://me:pw@shop.example.com/' }),
    },
    {
      name: 'refuse a step the saved tour does not have',
      method: 'POST',
      path: (s) => `/v1/flows/${s.builderFlow}/builder-sessions`,
      body: launch({ step_id: 'not-saved' }),
    },
    {
      name: 'refuse an unknown mode',
      method: 'POST',
      path: (s) => `/v1/flows/${s.builderFlow}/builder-sessions`,
      body: launch({ mode: 'edit' }),
    },
    {
      name: 'refuse without a session',
      method: 'POST',
      path: (s) => `/v1/flows/${s.builderFlow}/builder-sessions`,
      body: launch(),
      anonymous: true,
    },
    {
      name: 'refuse an unknown tour',
      method: 'POST',
      path: '/v1/flows/999999/builder-sessions',
      body: launch(),
    },
    {
      name: "refuse the tour's builder to another account",
      method: 'POST',
      path: (s) => `/v1/flows/${s.builderFlow}/builder-sessions`,
      body: launch(),
      stranger: true,
    },
    {
      name: 'send a typed selector to count (no builder page open)',
      method: 'POST',
      path: (s) => `/v1/flows/${s.builderFlow}/builder-probe`,
      body: { step_id: 'tip-1', selector: '#buy' },
      contract: builderProbeSentSchema,
    },
    {
      name: 'refuse an empty selector to count',
      method: 'POST',
      path: (s) => `/v1/flows/${s.builderFlow}/builder-probe`,
      body: { step_id: 'tip-1', selector: '  ' },
    },
    {
      name: "refuse counting on another account's tour",
      method: 'POST',
      path: (s) => `/v1/flows/${s.builderFlow}/builder-probe`,
      body: { step_id: 'tip-1', selector: '#buy' },
      stranger: true,
    },
  ],
};
