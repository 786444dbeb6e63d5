import type { EventRow } from '../../../analytics/types';

import {
  SEGMENT_EVENT_CODES,
  type SegmentEventCode,
} from '../../../../lib/contracts/segment-events';

/** The events a change of membership records, as events of the product (docs/segments.md). */
export const SEGMENT_EVENTS = SEGMENT_EVENT_CODES;
export type { SegmentEventCode };

/**
 * One membership event of a customer. The message id names the segment, the profile and when
 * the membership began, so each entry and each exit is stored once even if written again (the
 * event store keeps one row per product and message id).
 */
export function membershipEventRow(
  event: SegmentEventCode,
  segment: { id: number; name: string },
  member: { profileId: number; brandId: number; customerKey: string; enteredAt: Date },
  at: Date,
): EventRow {
  return {
    brandId: member.brandId,
    messageId: [event, segment.id, member.profileId, member.enteredAt.getTime()].join(':'),
    type: 'track',
    event,
    // Profiles are of identified customers: their key is the userId the timeline reads.
    userId: member.customerKey,
    anonymousId: null,
    customerKey: member.customerKey,
    timestamp: at,
    receivedAt: at,
    properties: { segment_id: segment.id, segment_name: segment.name },
    context: { library: { name: 'signpost-segments' } },
    url: null,
    path: null,
    referrer: null,
    browser: null,
    os: null,
    device: null,
    country: null,
  };
}
