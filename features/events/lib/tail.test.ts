import { describe, expect, it } from 'vitest';
import type { TrackedEvent } from '@/lib/contracts/events';
import { INITIAL_TAIL, mergeTail, tailReducer } from './tail';

const tracked = (id: string, minute: number): TrackedEvent => ({
  message_id: id,
  type: 'track',
  event: 'signed_up',
  user_id: null,
  anonymous_id: 'anon',
  customer_key: 'anon',
  timestamp: new Date(Date.UTC(2025, 0, 1, 0, minute)).toISOString(),
  received_at: new Date(Date.UTC(2025, 0, 1, 0, minute)).toISOString(),
  properties: {},
  context: {},
  url: null,
  path: null,
  browser: null,
  os: null,
  device: null,
  country: null,
});

const ids = (events: TrackedEvent[]) => events.map((e) => e.message_id);

describe('mergeTail', () => {
  it('keeps newest first, each message once, at most the cap', () => {
    const current = [tracked('b', 2), tracked('a', 1)];
    expect(ids(mergeTail(current, [tracked('c', 3), tracked('b', 2)]))).toEqual(['c', 'b', 'a']);
    expect(ids(mergeTail(current, [tracked('c', 3)], 2))).toEqual(['c', 'b']);
  });
});

describe('tailReducer', () => {
  it('shows pushed events at once while running', () => {
    const s = tailReducer(INITIAL_TAIL, { type: 'received', events: [tracked('a', 1)] });
    expect(ids(s.events)).toEqual(['a']);
  });

  it('holds pushed events while paused and shows them on resume', () => {
    let s = tailReducer(INITIAL_TAIL, { type: 'received', events: [tracked('a', 1)] });
    s = tailReducer(s, { type: 'pause' });
    s = tailReducer(s, { type: 'received', events: [tracked('b', 2), tracked('a', 1)] });
    s = tailReducer(s, { type: 'received', events: [tracked('c', 3), tracked('b', 2)] });
    expect(ids(s.events)).toEqual(['a']);
    expect(ids(s.held)).toEqual(['c', 'b']);
    s = tailReducer(s, { type: 'resume' });
    expect(ids(s.events)).toEqual(['c', 'b', 'a']);
    expect(s.held).toEqual([]);
    expect(s.paused).toBe(false);
  });
});
