import type { DataType } from '@/lib/conditions';
import type { EventAttribute } from '@/lib/contracts/events';
import type { IngestMessage } from '@/lib/contracts/ingest';

/** The anonymous id test events are sent with, so they are easy to tell apart. */
export const TEST_ANONYMOUS_ID = 'signpost-test-event';

/** A plausible value of each attribute data type. */
export function sampleValue(type: DataType, now: Date = new Date()): unknown {
  switch (type) {
    case 'string':
      return 'sample';
    case 'number':
      return 42;
    case 'date':
      return now.toISOString();
    case 'boolean':
      return true;
    case 'list':
      return ['sample-a', 'sample-b'];
  }
}

/** One track message for the event with a sample value per attribute. */
export function buildTestEvent(
  code: string,
  attributes: readonly EventAttribute[],
  messageId: string,
  now: Date = new Date(),
): IngestMessage {
  return {
    event: code,
    anonymousId: TEST_ANONYMOUS_ID,
    messageId,
    properties: Object.fromEntries(attributes.map((a) => [a.code, sampleValue(a.data_type, now)])),
  };
}

/** A message id unique enough for a test event (crypto.randomUUID needs a secure context). */
export function testMessageId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function')
    return `test-${crypto.randomUUID()}`;
  return `test-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
