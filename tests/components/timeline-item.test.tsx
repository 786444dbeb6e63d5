import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TrackedEvent } from '@/lib/contracts/events';
import { TimelineItem } from '@/features/customer-profiles/components/timeline-item';

/** A timeline row of a segment membership event reads as a sentence (docs/segments.md). */

const event = (code: string, properties: Record<string, unknown>): TrackedEvent => ({
  message_id: `${code}:1`,
  type: 'track',
  event: code,
  user_id: 'cus_42',
  anonymous_id: null,
  customer_key: 'cus_42',
  timestamp: '2026-11-28T12:00:00.000Z',
  received_at: '2026-11-28T12:00:00.000Z',
  properties,
  context: {},
  url: null,
  path: null,
  browser: null,
  os: null,
  device: null,
  country: null,
});

describe('TimelineItem', () => {
  it('names the segment a customer entered or left', () => {
    const props = { segment_id: 3, segment_name: 'Big spenders' };
    render(
      <ol>
        <TimelineItem event={event('segment_entered', props)} />
        <TimelineItem event={event('segment_exited', props)} />
        <TimelineItem event={event('Order', { segment_name: 'Big spenders' })} />
      </ol>,
    );
    expect(screen.getByText('Entered segment Big spenders')).toBeInTheDocument();
    expect(screen.getByText('Left segment Big spenders')).toBeInTheDocument();
    expect(screen.getAllByText(/segment Big spenders/)).toHaveLength(2);
    expect(screen.getByText('segment_entered')).toBeInTheDocument();
  });
});
