import { z } from 'zod';
import { brandIdField } from './common';

/**
 * Erasure of one customer (docs/data-rights.md, "Erasure"): one contract read by the server's
 * routes, the mock API and the dashboard.
 */

export const ERASURE_MODES = ['delete', 'redact'] as const;
export type ErasureMode = (typeof ERASURE_MODES)[number];

/** POST /v1/customer-profiles/{id}/erase's body. */
export const eraseBodySchema = z.object({
  /** delete: every event goes; redact: events stay without personal values, under a salted hash. */
  mode: z.enum(ERASURE_MODES, { error: 'mode must be delete or redact' }),
  /** Drop this customer's later events at ingestion. */
  suppress: z.boolean({ error: 'suppress must be true or false' }).default(false),
});
export type EraseBody = z.infer<typeof eraseBodySchema>;

/** What the erasure removed, per store; null until it has run. */
export const erasureReceiptSchema = z.object({
  profiles: z.number().int(),
  events: z.number().int(),
  tour_sessions: z.number().int(),
  link_clicks: z.number().int(),
  /**
   * Messages naming the customer removed from the webhook delivery log, pending ones included.
   * The server always sends it (0 on receipts older than this count); optional for older clients.
   */
  webhook_messages: z.number().int().optional(),
  analytics: z.enum(['duckdb', 'clickhouse']),
});

/** An erasure: the audit entry and, once done, its receipt. */
export const erasureSchema = z.object({
  id: z.number().int(),
  brand_id: z.number().int(),
  /** A salted hash of the customer's id: the entry names nobody. */
  customer_hash: z.string(),
  mode: z.enum(ERASURE_MODES),
  suppress: z.boolean(),
  status: z.enum(['queued', 'done', 'failed']),
  /** The user who asked. */
  requested_by: z.string(),
  requested_at: z.string(),
  completed_at: z.string().nullable(),
  receipt: erasureReceiptSchema.nullable(),
});
export type Erasure = z.infer<typeof erasureSchema>;

/** GET /v1/erasures's query: a product's erasures, newest first. */
export const erasureListQuerySchema = z.object({
  brand_id: brandIdField,
  cursor: z
    .string()
    .regex(/^\d{1,10}$/, { error: 'cursor must be a nextCursor of this list' })
    .optional(),
  limit: z.coerce.number<number>().int().min(1).max(100).default(20),
});

export const erasureListSchema = z.object({
  data: z.array(erasureSchema),
  nextCursor: z.string().nullable(),
});
