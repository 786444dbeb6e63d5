import { z } from 'zod';
import { brandIdField, idParam, storable } from './common';

/**
 * Outbound webhooks (docs/webhooks.md): one contract read by the server's routes, the mock API
 * and the dashboard.
 */

/** Topics an endpoint subscribes to; `event.<code>` adds one tracked event code. */
export const WEBHOOK_TOPICS = [
  'flow.started',
  'flow.completed',
  'flow.dismissed',
  'flow.target_missing',
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'segment.entered',
  'segment.exited',
  'link.clicked',
  'subscription.updated',
] as const;
export type WebhookTopic = (typeof WEBHOOK_TOPICS)[number] | `event.${string}`;

/**
 * The `data` of each topic's body `{type, timestamp, data}` (docs/webhooks.md, "Topics"). Times
 * are ISO 8601 in UTC.
 */

/** customer.created and customer.updated: the profile as it is after the change. */
export interface CustomerWebhookData {
  /** The customer's user id (as in segment.entered). */
  customer_id: string;
  /** The profile's id in the API (`/v1/customer-profiles/{id}`). */
  profile_id: number;
  email: string | null;
  name: string | null;
  data_attributes: Record<string, unknown>;
  metadata: Record<string, unknown>;
  first_seen: string;
  last_seen: string;
  /** customer.updated: what changed (`email`, `name`, `data_attributes.<key>`, `metadata.<key>`). */
  changed: string[];
}

/** event.<code>: one ingested event whose code is subscribed to. */
export interface EventWebhookData {
  /** The event's message id (the same if its batch is stored twice). */
  event_id: string;
  code: string;
  type: string;
  user_id: string | null;
  anonymous_id: string | null;
  properties: Record<string, unknown>;
  url: string | null;
  at: string;
  received_at: string;
}

/** link.clicked: a person's click on a short link (bots' clicks are not sent). */
export interface LinkClickedWebhookData {
  link_id: number;
  slug: string;
  /** The link's destination. */
  target: string;
  /** The day's visitor id of the click (the same for one visitor's clicks of one product that day). */
  visitor_id: string;
  /** Always null: a click carries no customer identity. */
  customer_id: null;
  /** The visitor's first click of this link in this clock hour. */
  unique: boolean;
  referrer: string | null;
  country: string | null;
  utm: Record<string, string>;
  at: string;
}

/** A plan as subscription.updated names it. */
export interface WebhookPlan {
  code: string;
  name: string;
}

/** An account's subscription, as subscription.updated shows it now and before. */
export interface SubscriptionWebhookState {
  plan: WebhookPlan | null;
  status: string;
  add_on_quantity: number;
  current_period_start: string | null;
  current_period_end: string | null;
  /** The plan taking over at the period end (a lower plan, or free when cancelled). */
  scheduled_plan: WebhookPlan | null;
}

/** subscription.updated: sent to each product of the account that subscribes. */
export interface SubscriptionWebhookData extends SubscriptionWebhookState {
  brand_id: number;
  /** The fields that changed: plan, status, add_on_quantity, current_period, scheduled_plan. */
  changed: string[];
  previous: SubscriptionWebhookState;
  at: string;
}

/** The topic of "Send test event": sent to the endpoint whatever it subscribes to. */
export const WEBHOOK_TEST_TOPIC = 'webhook.test';

/**
 * The longest tracked event code: ingestion refuses longer ones and trims the others
 * (docs/webhooks.md, "Topics").
 */
export const WEBHOOK_EVENT_CODE_MAX_LENGTH = 255;
/**
 * `event.` and any code ingestion stores: 1 to 255 characters, spaces inside allowed ("Signed
 * Up"), none at either end (ingestion trims them), no NUL (the database refuses it).
 */
export const EVENT_TOPIC = new RegExp(
  `^event\\.(?!\\s)[^\\0]{1,${WEBHOOK_EVENT_CODE_MAX_LENGTH}}(?<!\\s)$`,
);
export const WEBHOOK_MAX_TOPICS = 100;
export const WEBHOOK_URL_MAX_LENGTH = 2000;

export const WEBHOOK_MESSAGES = {
  notFound: 'Webhook endpoint not found.',
  deliveryNotFound: 'Delivery not found.',
  url: 'url is required: the full address that receives the webhooks, such as https://example.com/webhooks.',
  urlTooLong: `url must be at most ${WEBHOOK_URL_MAX_LENGTH} characters.`,
  topic: (t: unknown) =>
    String(t).startsWith('event.')
      ? `"${String(t)}" is not a webhook topic: event.<code> takes a tracked event code of 1 to ${WEBHOOK_EVENT_CODE_MAX_LENGTH} characters, without spaces at either end.`
      : `"${String(t)}" is not a webhook topic: use one of ${WEBHOOK_TOPICS.join(', ')}, or event.<code> for a tracked event code.`,
  topicsRequired: 'topics must list at least one topic, such as ["flow.completed"].',
  tooManyTopics: `topics may list at most ${WEBHOOK_MAX_TOPICS} topics.`,
  duplicateTopic: 'topics lists the same topic twice.',
  enabled: 'enabled must be true or false.',
  cursor: 'cursor must be a nextCursor of this list.',
} as const;

export const webhookTopicField = z
  .string({ error: (i) => WEBHOOK_MESSAGES.topic(i.input) })
  .refine((t) => (WEBHOOK_TOPICS as readonly string[]).includes(t) || EVENT_TOPIC.test(t), {
    error: (i) => WEBHOOK_MESSAGES.topic(i.input),
  })
  .transform((t) => t as WebhookTopic);

const topicsField = z
  .array(webhookTopicField, { error: WEBHOOK_MESSAGES.topicsRequired })
  .min(1, { error: WEBHOOK_MESSAGES.topicsRequired })
  .max(WEBHOOK_MAX_TOPICS, { error: WEBHOOK_MESSAGES.tooManyTopics })
  .refine((list) => new Set(list).size === list.length, {
    error: WEBHOOK_MESSAGES.duplicateTopic,
  });

const urlField = z
  .string({ error: WEBHOOK_MESSAGES.url })
  .trim()
  .min(1, { error: WEBHOOK_MESSAGES.url })
  .max(WEBHOOK_URL_MAX_LENGTH, { error: WEBHOOK_MESSAGES.urlTooLong })
  .refine(storable, { error: WEBHOOK_MESSAGES.url });

/** POST /v1/webhooks's body. The URL is checked against the destination rules by the server. */
export const createWebhookBodySchema = z.object({
  brand_id: brandIdField,
  url: urlField,
  topics: topicsField,
  enabled: z.boolean({ error: WEBHOOK_MESSAGES.enabled }).default(true),
});
export type CreateWebhookBody = z.infer<typeof createWebhookBodySchema>;

/** PUT /v1/webhooks/{id}'s body: the fields to change. */
export const updateWebhookBodySchema = z.object({
  url: urlField.optional(),
  topics: topicsField.optional(),
  enabled: z.boolean({ error: WEBHOOK_MESSAGES.enabled }).optional(),
});
export type UpdateWebhookBody = z.infer<typeof updateWebhookBodySchema>;

/** GET /v1/webhooks's query: the endpoints of the owner's products, or of one. */
export const webhookListQuerySchema = z.object({
  brand_id: brandIdField.optional(),
});

/** An endpoint; `secret` only in the answers to POST /v1/webhooks and rotate-secret. */
export const webhookSchema = z.object({
  id: z.number().int(),
  brand_id: z.number().int(),
  url: z.string(),
  topics: z.array(z.string()),
  enabled: z.boolean(),
  /** Why the server disabled it (410 Gone, five days failing); null otherwise. */
  disabled_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookWithSecretSchema = webhookSchema.extend({
  /** `whsec_…`: shown once; store it in the receiving code. */
  secret: z.string(),
});

export const webhookListSchema = z.array(webhookSchema);

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** One message to one endpoint: a row of the delivery log. */
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  webhook_id: z.number().int(),
  /** `msg_…`: the `webhook-id` header, the same on every attempt and resend. */
  message_id: z.string(),
  topic: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  /** Up to 1 KB of the last answer, or why there was none. */
  last_response: z.string().nullable(),
  /** The body as sent. */
  payload: z.string(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** GET /v1/webhooks/{id}/deliveries's query: newest first. */
export const webhookDeliveriesQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,10}$/, { error: WEBHOOK_MESSAGES.cursor })
    .optional(),
  limit: z.coerce.number<number>().int().min(1).max(100).default(20),
});

export const webhookDeliveryListSchema = z.object({
  data: z.array(webhookDeliverySchema),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});

export const webhookDeliveryParams = idParam.extend({ delivery_id: idParam.shape.id });
