/**
 * The events the server records when a customer enters or leaves a segment (docs/segments.md,
 * "Membership records"). Reserved: ingestion refuses them, so only the membership sweep writes
 * them. Zod-free: the dashboard's timeline imports it.
 */
export const SEGMENT_EVENT_CODES = {
  entered: 'segment_entered',
  exited: 'segment_exited',
} as const;
export type SegmentEventCode = (typeof SEGMENT_EVENT_CODES)[keyof typeof SEGMENT_EVENT_CODES];
