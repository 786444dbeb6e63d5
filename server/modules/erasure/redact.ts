import { createHmac } from 'node:crypto';
import type { EventRow, StoredEvent } from '../../analytics/types';

/**
 * What redaction keeps of a customer's events (docs/data-rights.md, "Redact"): the event, its
 * time, its code and its non-personal properties, so counts and funnels stay right; every id of
 * the customer becomes one salted hash (their events still group as one customer), and personal
 * values go: identify traits, properties named like personal data, the IP and traits of the
 * context, the referrer, and the query and fragment of the URL.
 */

/** Property names treated as personal wherever they appear (compared in lower case). */
export const PERSONAL_KEYS = new Set([
  'email',
  'name',
  'first_name',
  'firstname',
  'last_name',
  'lastname',
  'full_name',
  'username',
  'phone',
  'phone_number',
  'mobile',
  'address',
  'street',
  'city',
  'zip',
  'postal_code',
  'birthday',
  'date_of_birth',
  'ip',
  'avatar',
]);

/** A salted hash standing in for an id: `redacted_` and 32 hex digits. */
export function customerHash(salt: Buffer, brandId: number, id: string): string {
  return `redacted_${createHmac('sha256', salt).update(`${brandId}\n${id}`).digest('hex').slice(0, 32)}`;
}

const withoutPersonal = (values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values).filter(([key]) => !PERSONAL_KEYS.has(key.toLowerCase())),
  );

function withoutQuery(url: string | null): string | null {
  if (url === null) return null;
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return null;
  }
}

/** The message id of an event's redacted copy (so a repeated redaction stores it once). */
export const redactedMessageId = (messageId: string) => `${messageId}:redacted`;

/** The event without personal values; every id of the customer becomes `hash`. */
export function redactEvent(e: StoredEvent, hash: string): EventRow {
  const { ip: _ip, traits: _traits, ...context } = e.context as Record<string, unknown>;
  return {
    brandId: e.brandId,
    messageId: redactedMessageId(e.messageId),
    type: e.type,
    event: e.event,
    userId: e.userId === null ? null : hash,
    anonymousId: e.anonymousId === null ? null : hash,
    customerKey: hash,
    timestamp: e.timestamp,
    receivedAt: e.receivedAt,
    properties: e.type === 'identify' ? {} : withoutPersonal(e.properties),
    context: withoutPersonal(context),
    url: withoutQuery(e.url),
    path: e.path,
    referrer: null,
    browser: e.browser,
    os: e.os,
    device: e.device,
    country: e.country,
  };
}
