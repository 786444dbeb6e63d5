import { z } from 'zod';

/** The Segment-compatible ingestion wire format, shared by the server and (as types) the SDK. */

export type IngestType = 'track' | 'page' | 'identify';

/** One message as a client sends it. */
export interface IngestMessage {
  type?: IngestType;
  messageId?: string;
  timestamp?: string;
  sentAt?: string;
  userId?: string | number;
  anonymousId?: string | number;
  event?: string;
  name?: string;
  properties?: Record<string, unknown>;
  traits?: Record<string, unknown>;
  context?: Record<string, unknown>;
  /** HMAC-SHA256(userId, identity secret) in hex, when the product requires signed identities. */
  userHash?: string;
}

const rejectedEvent = z.object({ index: z.number(), code: z.string(), message: z.string() });
export type RejectedEvent = z.infer<typeof rejectedEvent>;

/**
 * Every ingestion answer: how many were stored and why the others were not. The 200 answer of
 * every ingestion route (not in an envelope: Segment's clients read it as sent), small on purpose:
 * these are the hot routes (docs/performance.md).
 */
export const ingestResultSchema = z.object({
  accepted: z.number(),
  /** The first 100 rejections of the request. */
  rejected: z.array(rejectedEvent),
  /** Rejections past the first 100 (present only when there are some). */
  rejectedMore: z.number().optional(),
  /** Events kept without their userId: it lacked a valid userHash (signed identities). */
  unverified: z.number().optional(),
});
export type IngestResult = z.infer<typeof ingestResultSchema>;

/** Longest key the server looks up: `wk_` + 24 characters and `sk_` + 32 today, room to grow. */
export const KEY_MAX_LENGTH = 64;
const KEY_SHAPE = /^(?:wk|sk)_[A-Za-z0-9_-]+$/;

/**
 * Whether a write key or secret server key has the shape the server issues (docs/security.md,
 * "Tenant isolation"): anything else is unknown without a lookup, a cache entry or a log line.
 */
export const isWellFormedKey = (key: string): boolean =>
  key.length <= KEY_MAX_LENGTH && KEY_SHAPE.test(key);
