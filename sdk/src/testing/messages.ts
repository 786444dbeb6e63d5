import type { SdkMessage } from '../types';

/** A complete track message for unit tests of the queue and transport. */
export function testMessage(
  messageId: string,
  properties: SdkMessage['properties'] = {},
): SdkMessage {
  return {
    type: 'track',
    messageId,
    timestamp: '2026-01-01T00:00:00.000Z',
    anonymousId: 'anon',
    event: messageId,
    properties,
    context: {
      library: { name: 'signpost-sdk', version: '0.0.0' },
      page: { url: 'https://example.com/', path: '/', title: '', referrer: '', search: '' },
      userAgent: 'test',
      locale: 'en',
      screen: { width: 1, height: 1 },
    },
  };
}
