import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';

/**
 * Signing outbound webhooks as the Standard Webhooks specification defines it (docs/webhooks.md,
 * "Signatures"), so a receiver verifies a delivery with the unmodified `standardwebhooks` or `svix`
 * library:
 * - `webhook-id`: the message id, the same on every attempt of one message;
 * - `webhook-timestamp`: whole seconds since the epoch, of this attempt;
 * - `webhook-signature`: space-separated `v1,<base64 HMAC-SHA256>` of `${id}.${timestamp}.${body}`
 *   under each secret that currently signs (two for 24 hours after a rotation).
 */

const SECRET_PREFIX = 'whsec_';
/** Random bytes of a secret: the specification allows 24 to 64. */
const SECRET_BYTES = 32;

/** A new endpoint secret: `whsec_` and the base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}

/** A new message id (`msg_` and 32 hex digits); kept across the attempts of one message. */
export function newMessageId(): string {
  return `msg_${randomUUID().replace(/-/g, '')}`;
}

/**
 * The message id of a message that may be published again (a batch of events written twice):
 * the same for the same endpoint, topic and key, so the receiver's de-duplication by
 * `webhook-id` drops the repeat.
 */
export function stableMessageId(endpointId: number, topic: string, key: string): string {
  const digest = createHash('sha256').update(`${endpointId}\n${topic}\n${key}`).digest('hex');
  return `msg_${digest.slice(0, 32)}`;
}

/** The key a secret stands for: the base64 after the `whsec_` prefix, decoded. */
function secretKey(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const key = Buffer.from(encoded, 'base64');
  if (key.length === 0) throw new Error('A webhook secret must hold a base64 key after whsec_.');
  return key;
}

/** One `v1,<signature>` entry for a message under one secret. */
export function signatureOf(
  secret: string,
  messageId: string,
  timestampSeconds: number,
  body: string,
): string {
  const mac = createHmac('sha256', secretKey(secret))
    .update(`${messageId}.${timestampSeconds}.${body}`)
    .digest('base64');
  return `v1,${mac}`;
}

export interface WebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * The three headers of one attempt. `secrets` are every secret that signs now (the current one,
 * and the previous one during the 24 hours after a rotation); at least one.
 */
export function webhookHeaders(
  secrets: readonly string[],
  messageId: string,
  at: Date,
  body: string,
): WebhookHeaders {
  if (secrets.length === 0) throw new Error('A webhook is signed by at least one secret.');
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => signatureOf(s, messageId, timestamp, body)).join(' '),
  };
}
