import type { z } from 'zod';
import type {
  UpdateWebhookBody,
  Webhook,
  WebhookDelivery,
  webhookDeliveryListSchema,
} from '@/lib/contracts/webhooks';
import { http, unwrap } from './http';

/** Outbound webhooks of a product (docs/webhooks.md, "API"). */
export type { Webhook, WebhookDelivery };

/** An endpoint as POST /v1/webhooks and rotate-secret answer it: with its `whsec_` secret. */
export type WebhookWithSecret = Webhook & { secret: string };
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryListSchema>;

/** What POST /v1/webhooks takes; `enabled` defaults to true. */
export interface NewWebhook {
  brand_id: number;
  url: string;
  topics: string[];
  enabled?: boolean;
}

/** GET /v1/webhooks?brand_id: the product's endpoints. */
export const listWebhooks = (brandId: number, signal?: AbortSignal) =>
  unwrap<Webhook[]>(http.get('/v1/webhooks', { params: { brand_id: brandId }, signal }));

/** POST /v1/webhooks: the new endpoint with its secret (the only time it is shown). */
export const createWebhook = (body: NewWebhook) =>
  unwrap<WebhookWithSecret>(http.post('/v1/webhooks', body));

/** PUT /v1/webhooks/{id}: the fields to change. */
export const updateWebhook = (id: number, body: UpdateWebhookBody) =>
  unwrap<Webhook>(http.put(`/v1/webhooks/${id}`, body));

/** DELETE /v1/webhooks/{id}. */
export const deleteWebhook = (id: number) =>
  unwrap<{ id: number }>(http.delete(`/v1/webhooks/${id}`));

/** POST /v1/webhooks/{id}/rotate-secret: a new secret; the previous one signs for 24 hours. */
export const rotateWebhookSecret = (id: number) =>
  unwrap<WebhookWithSecret>(http.post(`/v1/webhooks/${id}/rotate-secret`));

/** GET /v1/webhooks/{id}/deliveries: one page of the delivery log, newest first. */
export const listWebhookDeliveries = (
  id: number,
  params: { cursor?: string; limit?: number },
  signal?: AbortSignal,
) => unwrap<WebhookDeliveryPage>(http.get(`/v1/webhooks/${id}/deliveries`, { params, signal }));

/** POST /v1/webhooks/{id}/deliveries/{delivery_id}/resend: the same message sent again. */
export const resendWebhookDelivery = (id: number, deliveryId: number) =>
  unwrap<WebhookDelivery>(http.post(`/v1/webhooks/${id}/deliveries/${deliveryId}/resend`));

/** POST /v1/webhooks/{id}/test: a `webhook.test` message to this endpoint. */
export const sendWebhookTest = (id: number) =>
  unwrap<WebhookDelivery>(http.post(`/v1/webhooks/${id}/test`));
