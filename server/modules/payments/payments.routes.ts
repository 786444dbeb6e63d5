import { z } from 'zod';
import { apiErrorBody, envelope, idParam, okMessage } from '../../../lib/contracts/common';
import {
  addPaymentMethodBody,
  authenticateBody,
  checkoutBody,
  checkoutResultSchema,
  paymentHistoryQuery,
  paymentMethodSchema,
  paymentSchema,
  paymentsConfigSchema,
  previewCheckoutBody,
  pricePreviewSchema,
  setupIntentBody,
  setupIntentSchema,
} from '../../../lib/contracts/payments';
import type { ZodApp } from '../../context';
import { session } from '../../context';
import type { Env } from '../../env';
import { notFound } from '../../errors';
import type { PaymentProvider } from '../../payments/types';
import type { PaymentsService } from './payments.service';

const listOf = <T extends z.ZodType>(item: T) =>
  envelope(z.object({ data: z.array(item), total: z.number().int() }));

/**
 * Billing calls of the signed-in user (docs/product/api.md#user-subscription-and-payments); auth
 * scope only.
 */
export function paymentRoutes(app: ZodApp, svc: PaymentsService) {
  const tags = ['payments'];
  const user = (req: Parameters<typeof session>[0]) => session(req).user;

  app.post('/payments/preview-checkout', {
    schema: { tags, body: previewCheckoutBody, response: { 200: envelope(pricePreviewSchema) } },
    handler: async (req) => ({ data: await svc.preview(user(req), req.body) }),
  });
  // Both paths run the same change: what it is (checkout, upgrade, add-ons, downgrade) is
  // decided on the server from the account's plan, never from the path or the client's totals.
  for (const url of ['/payments/check-out', '/payments/upgrade'])
    app.post(url, {
      schema: { tags, body: checkoutBody, response: { 200: envelope(checkoutResultSchema) } },
      handler: async (req) => ({ data: await svc.change(user(req), req.body) }),
    });
  app.post('/payments/keep-plan', {
    schema: { tags, response: { 200: envelope(okMessage) } },
    handler: async (req) => ({ data: await svc.keepPlan(user(req).id) }),
  });
  app.post('/payments/customer', {
    schema: {
      tags,
      response: { 200: envelope(z.object({ customer_id: z.string() })) },
    },
    handler: async (req) => ({ data: await svc.customer(user(req)) }),
  });
  app.post('/payments/setup-intent', {
    schema: { tags, body: setupIntentBody, response: { 200: envelope(setupIntentSchema) } },
    handler: async (req) => ({ data: await svc.setupIntent(user(req), req.body.customerId) }),
  });
  app.get('/payments/:id', {
    schema: { tags, params: idParam, response: { 200: envelope(paymentSchema) } },
    handler: async (req) => ({ data: await svc.payment(user(req).id, req.params.id) }),
  });
  app.post('/payments/:id/authenticate', {
    schema: {
      tags,
      params: idParam,
      body: authenticateBody,
      response: { 200: envelope(paymentSchema) },
    },
    handler: async (req) => ({
      data: await svc.authenticate(user(req).id, req.params.id, req.body.approved),
    }),
  });

  app.get('/users/me/payment-methods', {
    schema: { tags, response: { 200: listOf(paymentMethodSchema) } },
    handler: async (req) => ({ data: await svc.listMethods(user(req).id) }),
  });
  app.post('/users/me/payment-methods', {
    schema: { tags, body: addPaymentMethodBody, response: { 201: envelope(paymentMethodSchema) } },
    handler: async (req, reply) =>
      reply.status(201).send({ data: await svc.addMethod(user(req), req.body) }),
  });
  app.delete('/users/me/payment-methods/:id', {
    schema: { tags, params: idParam, response: { 200: envelope(okMessage) } },
    handler: async (req) => ({ data: await svc.removeMethod(user(req).id, req.params.id) }),
  });
  app.put('/users/me/payment-methods/set-default/:id', {
    schema: { tags, params: idParam, response: { 200: envelope(okMessage) } },
    handler: async (req) => ({ data: await svc.setDefaultMethod(user(req).id, req.params.id) }),
  });
  app.get('/users/me/payment-history', {
    schema: { tags, querystring: paymentHistoryQuery, response: { 200: listOf(paymentSchema) } },
    handler: async (req) => ({ data: await svc.history(user(req).id, req.query) }),
  });
}

/** Public billing calls: the dashboard's card-form choice. */
export function publicPaymentRoutes(
  app: ZodApp,
  deps: { env: Env; provider: PaymentProvider; testMode?: boolean },
) {
  app.get('/payments/config', {
    schema: { tags: ['payments'], response: { 200: envelope(paymentsConfigSchema) } },
    handler: async () => ({
      data: {
        provider: deps.provider.name,
        publishable_key:
          deps.provider.name === 'stripe' ? (deps.env.STRIPE_PUBLISHABLE_KEY ?? null) : null,
        test_mode: deps.testMode ?? false,
      },
    }),
  });
}

/**
 * POST v1/payments/webhook, outside the auth scope and in its own scope: the signature covers
 * the exact bytes sent, so JSON bodies stay raw here. A failure answers 500 so Stripe retries.
 */
export async function paymentWebhookRoutes(
  app: ZodApp,
  deps: { provider: PaymentProvider; svc: PaymentsService },
) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
    done(null, body),
  );
  app.post(
    '/payments/webhook',
    {
      schema: {
        tags: ['payments'],
        response: { 200: z.object({ received: z.literal(true) }), 500: apiErrorBody },
      },
    },
    async (req, reply) => {
      const { provider } = deps;
      if (!provider.parseWebhook) throw notFound();
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const header = req.headers['stripe-signature'];
      // A bad signature throws a 400 here, before anything is read or changed.
      const event = await provider.parseWebhook(
        raw,
        typeof header === 'string' ? header : undefined,
      );
      if (event) {
        try {
          await deps.svc.handleProviderEvent(event);
        } catch (err) {
          req.log.error({ err, event: event.id }, 'payment webhook handling failed');
          return reply.status(500).send({
            message: 'The event could not be applied; it will be retried.',
            status: 500,
            code: 'webhook_failed',
          });
        }
      }
      return reply.status(200).send({ received: true });
    },
  );
}
