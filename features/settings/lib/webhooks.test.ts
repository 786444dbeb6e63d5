import { describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '@/lib/contracts/webhooks';
import { eventTopicRefusal, joinTopics, splitTopics, topicsSummary } from './webhooks';

describe('webhook topics', () => {
  it('splits fixed topics (in catalogue order) from event codes, and joins them back', () => {
    const topics = ['segment.entered', 'event.Signed Up', 'flow.completed', 'event.order.paid'];
    const split = splitTopics(topics);
    expect(split).toEqual({
      fixed: ['flow.completed', 'segment.entered'],
      eventCodes: ['Signed Up', 'order.paid'],
    });
    expect(joinTopics(split.fixed, split.eventCodes)).toEqual([
      'flow.completed',
      'segment.entered',
      'event.Signed Up',
      'event.order.paid',
    ]);
  });

  it('summarises at most two topics and counts the rest', () => {
    expect(topicsSummary([])).toBe('No topics');
    expect(topicsSummary(['flow.started'])).toBe('flow.started');
    expect(topicsSummary(['a', 'b'])).toBe('a, b');
    expect(topicsSummary(['a', 'b', 'c', 'd'])).toBe('a, b +2 more');
  });

  it('takes every code ingestion stores, spaces inside included; refuses the others', () => {
    for (const code of ['Signed Up', 'order.paid', 'Ünïcode ✓', 'a'.repeat(255)])
      expect(eventTopicRefusal(code), code).toBeNull();
    for (const code of ['', ' Signed Up', 'Signed Up ', 'a'.repeat(256), 'a\0b'])
      expect(eventTopicRefusal(code), code).toBe(WEBHOOK_MESSAGES.topic(`event.${code}`));
    expect(WEBHOOK_MESSAGES.topic(`event.${'a'.repeat(256)}`)).toMatch(/1 to 255 characters/);
  });
});
