import { z } from 'zod';
import { envelope, idParam } from '../../../lib/contracts/common';
import {
  createWebhookBodySchema,
  updateWebhookBodySchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveryListSchema,
  webhookDeliveryParams,
  webhookDeliverySchema,
  webhookListQuerySchema,
  webhookListSchema,
  webhookSchema,
  webhookWithSecretSchema,
} from '../../../lib/contracts/webhooks';
import type { ZodApp } from '../../context';
import { session } from '../../context';
import type { WebhooksService } from './webhooks.service';

/**
 * Webhook endpoints, their secret, delivery log, Resend and Send test event (docs/webhooks.md).
 * The secret is only in the answers to POST /webhooks and rotate-secret.
 */
export function webhookRoutes(app: ZodApp, svc: WebhooksService) {
  const tags = ['webhooks'];
  const owner = (req: Parameters<typeof session>[0]) => session(req).user.id;
  app.get('/webhooks', {
    schema: {
      tags,
      querystring: webhookListQuerySchema,
      response: { 200: envelope(webhookListSchema) },
    },
    handler: async (req) => ({ data: await svc.list(owner(req), req.query.brand_id) }),
  });
  app.post('/webhooks', {
    schema: {
      tags,
      body: createWebhookBodySchema,
      response: { 201: envelope(webhookWithSecretSchema) },
    },
    handler: async (req, reply) =>
      reply.code(201).send({ data: await svc.create(owner(req), req.body) }),
  });
  app.get('/webhooks/:id', {
    schema: { tags, params: idParam, response: { 200: envelope(webhookSchema) } },
    handler: async (req) => ({ data: await svc.get(owner(req), req.params.id) }),
  });
  app.put('/webhooks/:id', {
    schema: {
      tags,
      params: idParam,
      body: updateWebhookBodySchema,
      response: { 200: envelope(webhookSchema) },
    },
    handler: async (req) => ({ data: await svc.update(owner(req), req.params.id, req.body) }),
  });
  app.delete('/webhooks/:id', {
    schema: { tags, params: idParam, response: { 200: envelope(z.object({ id: z.number() })) } },
    handler: async (req) => {
      await svc.remove(owner(req), req.params.id);
      return { data: { id: req.params.id } };
    },
  });
  app.post('/webhooks/:id/rotate-secret', {
    schema: { tags, params: idParam, response: { 200: envelope(webhookWithSecretSchema) } },
    handler: async (req) => ({ data: await svc.rotateSecret(owner(req), req.params.id) }),
  });
  app.get('/webhooks/:id/deliveries', {
    schema: {
      tags,
      params: idParam,
      querystring: webhookDeliveriesQuerySchema,
      response: { 200: envelope(webhookDeliveryListSchema) },
    },
    handler: async (req) => ({
      data: await svc.deliveries(owner(req), req.params.id, req.query),
    }),
  });
  app.post('/webhooks/:id/deliveries/:delivery_id/resend', {
    schema: {
      tags,
      params: webhookDeliveryParams,
      response: { 202: envelope(webhookDeliverySchema) },
    },
    handler: async (req, reply) =>
      reply
        .code(202)
        .send({ data: await svc.resend(owner(req), req.params.id, req.params.delivery_id) }),
  });
  app.post('/webhooks/:id/test', {
    schema: { tags, params: idParam, response: { 202: envelope(webhookDeliverySchema) } },
    handler: async (req, reply) =>
      reply.code(202).send({ data: await svc.sendTest(owner(req), req.params.id) }),
  });
}
