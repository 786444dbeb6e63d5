import { randomUUID } from 'node:crypto';
import {
  INGEST_MAX_DEPTH,
  INGEST_MAX_EVENT_BYTES,
  INGEST_MAX_FUTURE_MS,
  INGEST_MAX_LISTED_REJECTIONS,
  INGEST_MIN_TIMESTAMP_MS,
  PROFILE_MAX_KEYS,
  PROFILE_MAX_TEXT,
  PROFILE_MAX_VALUE_BYTES,
} from '../../../lib/constants';
import { FLOW_EVENT_CODES } from '../../../lib/contracts/flow-runtime';
import { SEGMENT_EVENT_CODES } from '../../../lib/contracts/segment-events';
import type { IngestType, RejectedEvent } from '../../../lib/contracts/ingest';
import { MESSAGES } from '../../../lib/messages';
import type { IpCaptureMode } from '../../../lib/contracts/brand-settings';
import { anonymiseIp, canonicalIp } from '../../../lib/ip-match';
import { IDENTIFY_EVENT, PAGE_EVENT, type EventRow } from '../../analytics/types';
import { parseUserAgent } from '../../../lib/user-agent';

/** Codes only the flow runtime writes (its reports count them). */
const RESERVED_EVENTS = new Set<string>(Object.values(FLOW_EVENT_CODES));
/** Codes only the segment membership sweep writes (docs/segments.md, "Membership records"). */
const SEGMENT_EVENTS = new Set<string>(Object.values(SEGMENT_EVENT_CODES));

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
// A high surrogate not followed by a low one, or a low one not preceded by a high one; or NUL.
const BAD_TEXT = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|\u0000/;
const MAX_ID = 255;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Obj = Record<string, unknown>;

class Reject extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Cleans a value fresh from JSON.parse in place (no copy: ingestion is allocation-bound): drops
 * prototype-polluting keys, refuses nesting deeper than 32 levels and text with lone UTF-16
 * surrogates or NUL (neither storable nor printable). Returns the same value.
 */
export function sanitize(value: unknown, depth = 0): Json {
  if (depth > INGEST_MAX_DEPTH) throw new Reject('too_deep', MESSAGES.ingest.tooDeep);
  if (typeof value === 'string') {
    if (BAD_TEXT.test(value)) throw new Reject('bad_text', MESSAGES.ingest.badText);
    return value;
  }
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = sanitize(value[i], depth + 1);
    return value as Json[];
  }
  if (typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    for (const k of Object.keys(obj)) {
      if (FORBIDDEN_KEYS.has(k)) {
        delete obj[k];
        continue;
      }
      if (BAD_TEXT.test(k)) throw new Reject('bad_text', MESSAGES.ingest.badText);
      const v = obj[k];
      if (v === undefined) delete obj[k];
      else obj[k] = sanitize(v, depth + 1);
    }
    return obj as { [k: string]: Json };
  }
  return null;
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function optionalObject(msg: Obj, field: string): Obj {
  const v = msg[field];
  if (v === undefined || v === null) return {};
  if (!isObj(v)) throw new Reject('invalid_field', MESSAGES.ingest.badField(field));
  return v;
}

function optionalId(msg: Obj, field: string): string | null {
  const v = msg[field];
  if (v === undefined || v === null || v === '') return null;
  if ((typeof v !== 'string' && typeof v !== 'number') || String(v).length > MAX_ID)
    throw new Reject('invalid_field', MESSAGES.ingest.badField(field));
  return String(v);
}

function parseTime(v: unknown, field: string): number | null {
  if (v === undefined || v === null || v === '') return null;
  const t = typeof v === 'string' || typeof v === 'number' ? new Date(v).getTime() : NaN;
  if (!Number.isFinite(t))
    throw new Reject(
      'bad_timestamp',
      field === 'timestamp' ? MESSAGES.ingest.badTimestamp : MESSAGES.ingest.badField(field),
    );
  return t;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

function urlParts(url: string | null): { url: string | null; path: string | null } {
  if (!url) return { url: null, path: null };
  try {
    return { url, path: new URL(url).pathname };
  } catch {
    return { url, path: null };
  }
}

/**
 * An identify's traits become profile attributes: bounded key count, value size, and the length
 * of the e-mail and name, so one message can never make the profile write fail.
 */
function checkTraits(traits: Obj) {
  const { metadata, ...rest } = traits;
  const groups: [string, Obj][] = [['traits', rest]];
  if (isObj(metadata)) groups.push(['traits.metadata', metadata]);
  for (const [field, obj] of groups) {
    const keys = Object.keys(obj);
    if (keys.length > PROFILE_MAX_KEYS)
      throw new Reject('too_many_traits', MESSAGES.ingest.tooManyTraits(field, PROFILE_MAX_KEYS));
    for (const k of keys) {
      const v = obj[k];
      // A string counts its UTF-8 bytes, anything else its JSON text.
      const text = typeof v === 'string' ? v : JSON.stringify(v);
      if (
        text.length > PROFILE_MAX_VALUE_BYTES / 3 &&
        Buffer.byteLength(text) > PROFILE_MAX_VALUE_BYTES
      )
        throw new Reject(
          'value_too_large',
          MESSAGES.ingest.valueTooLarge(field, k, PROFILE_MAX_VALUE_BYTES),
        );
    }
  }
  for (const k of ['email', 'name', 'firstName', 'lastName'])
    if (typeof rest[k] === 'string' && (rest[k] as string).length > PROFILE_MAX_TEXT)
      throw new Reject(
        'invalid_field',
        MESSAGES.ingest.textTooLong(`traits.${k}`, PROFILE_MAX_TEXT),
      );
}

/** Request-level facts used to enrich every event of a request. */
export interface RequestFacts {
  brandId: number;
  receivedAt: number;
  /** Batch-level sentAt (Segment puts it on the batch or on each message). */
  sentAt: unknown;
  /** Batch-level context merged under each message's own. */
  context: Obj;
  userAgent: string | null;
  /** Country from a trusted edge header, if any. */
  country: string | null;
  /**
   * Set when the product requires signed identities: is `hash` (the message's `userHash`, or
   * `context.userHash`) the signature of `userId`?
   */
  verifyIdentity?: (userId: string, hash: string | null) => boolean;
  /** Counts messages whose userId was dropped for want of a valid signature. */
  onUnverified?: () => void;
  /** The product's IP capture (docs/settings.md, "IP capture"); off when absent. */
  ipCapture?: IpCaptureMode;
  /** The sender's address as kept under IP capture (already anonymised); null = none kept. */
  ip?: string | null;
}

/**
 * IP capture on one event (docs/settings.md, "IP capture"): the address goes in `context.ip`.
 * Off drops any; otherwise an address the sender put there (a server relaying its visitor's)
 * is kept, full or anonymised, else the request's own address is written.
 */
function applyIpCapture(context: Obj, facts: RequestFacts) {
  const mode = facts.ipCapture ?? 'off';
  const sent = typeof context.ip === 'string' ? context.ip : null;
  delete context.ip;
  if (mode === 'off') return;
  const ip = (sent && (mode === 'full' ? canonicalIp(sent) : anonymiseIp(sent))) || facts.ip;
  if (ip) context.ip = ip;
}

/**
 * Validates, sanitises and enriches one message into a storable row, or throws Reject with a
 * code and message for the `rejected` list. `impliedType` is set by /track, /page, /identify.
 */
export function normalizeMessage(
  raw: unknown,
  facts: RequestFacts,
  impliedType?: IngestType,
): EventRow {
  if (!isObj(raw)) throw new Reject('invalid_event', MESSAGES.ingest.notObject);
  const msg = sanitize(raw) as Obj;

  const type = impliedType ?? msg.type;
  if (type !== 'track' && type !== 'page' && type !== 'identify')
    throw new Reject('invalid_type', MESSAGES.ingest.badType);
  let userId = optionalId(msg, 'userId');
  const anonymousId = optionalId(msg, 'anonymousId');
  if (!userId && !anonymousId) throw new Reject('missing_id', MESSAGES.ingest.missingId);
  const msgContext = optionalObject(msg, 'context');
  if (userId && facts.verifyIdentity) {
    const hash = str(msg.userHash) ?? str(msgContext.userHash);
    if (!facts.verifyIdentity(userId, hash)) {
      // Unsigned: the event is kept as the visitor's, but never touches that customer's profile.
      if (!anonymousId) throw new Reject('identity_unverified', MESSAGES.ingest.identityUnverified);
      userId = null;
      facts.onUnverified?.();
    }
  }
  const messageId = optionalId(msg, 'messageId') ?? randomUUID();

  let event: string;
  if (type === 'track') {
    const name = msg.event;
    if (typeof name !== 'string' || name.trim() === '')
      throw new Reject('missing_event', MESSAGES.ingest.missingEvent);
    if (name.length > MAX_ID) throw new Reject('invalid_field', MESSAGES.ingest.badField('event'));
    event = name.trim();
    if (RESERVED_EVENTS.has(event))
      throw new Reject('reserved_event', MESSAGES.ingest.reservedEvent(event));
    if (SEGMENT_EVENTS.has(event))
      throw new Reject('reserved_event', MESSAGES.ingest.reservedSegmentEvent(event));
  } else event = type === 'page' ? PAGE_EVENT : IDENTIFY_EVENT;

  const properties =
    type === 'identify' ? optionalObject(msg, 'traits') : optionalObject(msg, 'properties');
  if (type === 'page' && typeof msg.name === 'string' && properties.name === undefined)
    properties.name = msg.name;
  const context: Obj = { ...facts.context, ...msgContext };
  delete context.userHash;
  applyIpCapture(context, facts);
  // The event's size is what gets stored: its properties/traits and context dominate it.
  const propertiesJson = JSON.stringify(properties);
  const contextJson = JSON.stringify(context);
  const otherBytes = 512 + (typeof msg.event === 'string' ? msg.event.length * 3 : 0);
  if (
    propertiesJson.length + contextJson.length + otherBytes > INGEST_MAX_EVENT_BYTES / 3 &&
    Buffer.byteLength(propertiesJson) + Buffer.byteLength(contextJson) + otherBytes >
      INGEST_MAX_EVENT_BYTES
  )
    throw new Reject('event_too_large', MESSAGES.ingest.eventTooLarge);

  // Clock skew (as Segment does): shift the client's timestamp by how far its clock is off,
  // measured by the difference between our receive time and its sentAt.
  const clientTime = parseTime(msg.timestamp, 'timestamp');
  const sentAt = parseTime(msg.sentAt ?? facts.sentAt, 'sentAt');
  let timestamp = facts.receivedAt;
  if (clientTime !== null)
    timestamp = sentAt !== null ? clientTime + (facts.receivedAt - sentAt) : clientTime;
  // Bounded so every store (and PostgreSQL's profile columns) takes it as it is.
  if (
    !Number.isFinite(timestamp) ||
    timestamp < INGEST_MIN_TIMESTAMP_MS ||
    timestamp > facts.receivedAt + INGEST_MAX_FUTURE_MS
  )
    throw new Reject('timestamp_out_of_range', MESSAGES.ingest.timestampOutOfRange);
  if (type === 'identify') checkTraits(properties);

  const page = isObj(context.page) ? context.page : {};
  const { url, path } = urlParts(str(properties.url) ?? str(page.url));
  const ua = parseUserAgent(str(context.userAgent) ?? facts.userAgent);
  const location = isObj(context.location) ? context.location : {};
  const locale = str(context.locale);
  const country =
    str(location.country) ??
    facts.country ??
    (locale && /^[a-z]{2,3}[-_]([A-Z]{2})$/i.test(locale) ? locale.slice(-2).toUpperCase() : null);

  return {
    brandId: facts.brandId,
    messageId,
    type,
    event,
    userId,
    anonymousId,
    customerKey: (userId ?? anonymousId) as string,
    timestamp: new Date(timestamp),
    receivedAt: new Date(facts.receivedAt),
    properties,
    context,
    propertiesJson,
    contextJson,
    url,
    path: str(properties.path) ?? str(page.path) ?? path,
    referrer: str(properties.referrer) ?? str(page.referrer),
    browser: ua.browser,
    os: ua.os,
    device: ua.device,
    country,
  };
}

/**
 * Normalises a list, keeping the valid messages and describing the rejected ones: the first 100
 * are listed, `rejectedMore` counts the rest (an answer never grows with a hostile request).
 */
export function normalizeAll(
  messages: unknown[],
  facts: RequestFacts,
  impliedType?: IngestType,
): { rows: EventRow[]; rejected: RejectedEvent[]; rejectedMore: number } {
  const rows: EventRow[] = [];
  const rejected: RejectedEvent[] = [];
  let rejectedMore = 0;
  messages.forEach((m, index) => {
    try {
      rows.push(normalizeMessage(m, facts, impliedType));
    } catch (err) {
      if (!(err instanceof Reject)) throw err;
      if (rejected.length < INGEST_MAX_LISTED_REJECTIONS)
        rejected.push({ index, code: err.code, message: err.message });
      else rejectedMore++;
    }
  });
  return { rows, rejected, rejectedMore };
}

/** Sanitises request-level values (batch context) the same way as messages. */
export function requestContext(value: unknown): Obj {
  try {
    const clean = sanitize(value);
    return isObj(clean) ? clean : {};
  } catch {
    return {};
  }
}
