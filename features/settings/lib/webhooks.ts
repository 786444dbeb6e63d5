import { EVENT_TOPIC, WEBHOOK_MESSAGES, WEBHOOK_TOPICS } from '@/lib/contracts/webhooks';

/** Query keys of a product's webhook endpoints and their delivery logs (docs/webhooks.md). */
export const webhookKeys = {
  all: ['settings', 'webhooks'] as const,
  list: (brandId: number) => [...webhookKeys.all, 'list', brandId] as const,
  deliveries: (id: number) => [...webhookKeys.all, 'deliveries', id] as const,
  /** The newest delivery of an endpoint (the list's "Last delivery" column). */
  last: (id: number) => [...webhookKeys.deliveries(id), 'last'] as const,
};

/** Rows per page of the delivery log. */
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;

const EVENT_PREFIX = 'event.';
const FIXED = new Set<string>(WEBHOOK_TOPICS);

/** An endpoint's topics split into the fixed ones (in WEBHOOK_TOPICS order) and event codes. */
export function splitTopics(topics: readonly string[]): { fixed: string[]; eventCodes: string[] } {
  return {
    fixed: WEBHOOK_TOPICS.filter((t) => topics.includes(t)),
    eventCodes: topics
      .filter((t) => !FIXED.has(t) && t.startsWith(EVENT_PREFIX))
      .map((t) => t.slice(EVENT_PREFIX.length)),
  };
}

/** The topics sent to the API: the fixed ones, then `event.<code>` for each chosen code. */
export const joinTopics = (fixed: readonly string[], eventCodes: readonly string[]) => [
  ...fixed,
  ...eventCodes.map((c) => `${EVENT_PREFIX}${c}`),
];

/**
 * Why `event.<code>` cannot be subscribed to (a code longer than ingestion keeps, or with spaces
 * at either end), or null: the dialog says so at once, not after Save. Spaces inside are fine.
 */
export function eventTopicRefusal(code: string): string | null {
  const topic = `${EVENT_PREFIX}${code}`;
  return EVENT_TOPIC.test(topic) ? null : WEBHOOK_MESSAGES.topic(topic);
}

/** A short line for the list: the first two topics and how many more ("a, b +3 more"). */
export function topicsSummary(topics: readonly string[]): string {
  if (topics.length === 0) return 'No topics';
  const shown = topics.slice(0, 2).join(', ');
  return topics.length > 2 ? `${shown} +${topics.length - 2} more` : shown;
}
