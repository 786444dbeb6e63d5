import type { EventRow } from './types';

/**
 * A tracked event for tests: a `track` of `event` at `iso` by `customer` (its user id unless
 * `anonymousId` says otherwise), every optional column empty; `extra` overrides any field.
 */
export function trackEvent(
  brandId: number,
  messageId: string,
  event: string,
  iso: string,
  extra: Partial<EventRow> = {},
): EventRow {
  const timestamp = new Date(iso);
  const userId = extra.userId === undefined ? null : extra.userId;
  const anonymousId = extra.anonymousId === undefined ? null : extra.anonymousId;
  return {
    brandId,
    messageId,
    type: 'track',
    event,
    userId,
    anonymousId,
    customerKey: userId ?? anonymousId ?? '',
    timestamp,
    receivedAt: timestamp,
    properties: {},
    context: {},
    url: null,
    path: null,
    referrer: null,
    browser: null,
    os: null,
    device: null,
    country: null,
    ...extra,
  };
}
