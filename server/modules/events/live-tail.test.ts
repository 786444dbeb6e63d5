import { describe, expect, it } from 'vitest';
import type { EventRow } from '../../analytics/types';
import { boundPush, TAIL_PUSH_MAX_BYTES, TAIL_PUSH_MAX_EVENTS } from './live-tail';

const row = (i: number, bytes = 10): EventRow => ({
  brandId: 1,
  messageId: `m${i}`,
  type: 'track',
  event: 'e',
  userId: null,
  anonymousId: 'a',
  customerKey: 'a',
  timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
  receivedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
  properties: {},
  context: {},
  propertiesJson: JSON.stringify({ s: 'x'.repeat(bytes) }),
  contextJson: '{}',
  url: null,
  path: null,
  referrer: null,
  browser: null,
  os: null,
  device: null,
  country: null,
});

describe('a live-tail push is bounded', () => {
  it('keeps the newest events of a batch, at most TAIL_PUSH_MAX_EVENTS', () => {
    const rows = Array.from({ length: TAIL_PUSH_MAX_EVENTS + 30 }, (_, i) => row(i));
    const kept = boundPush(rows);
    expect(kept).toHaveLength(TAIL_PUSH_MAX_EVENTS);
    expect(kept[0]!.messageId).toBe(`m${TAIL_PUSH_MAX_EVENTS + 29}`);
    expect(kept.map((r) => r.messageId)).not.toContain('m0');
  });

  it('stops at about TAIL_PUSH_MAX_BYTES of properties, and always sends the newest one', () => {
    const big = 30 * 1024;
    const kept = boundPush(Array.from({ length: 20 }, (_, i) => row(i, big)));
    expect(kept.length).toBe(Math.floor(TAIL_PUSH_MAX_BYTES / (big + 512 + 10)));
    expect(kept.length).toBeLessThan(20);
    expect(kept[0]!.messageId).toBe('m19');
    expect(boundPush([row(0, TAIL_PUSH_MAX_BYTES * 2)])).toHaveLength(1);
  });
});
