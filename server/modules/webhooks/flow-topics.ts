import { FLOW_EVENT_CODES } from '../../../lib/contracts/runtime-constants';
import type { EventRow } from '../../analytics/types';
import type { PublishWebhook } from '.';

/** The flow events that are webhook topics (docs/webhooks.md, "Topics"). */
const FLOW_TOPICS: Record<string, string> = {
  [FLOW_EVENT_CODES.started]: 'flow.started',
  [FLOW_EVENT_CODES.completed]: 'flow.completed',
  [FLOW_EVENT_CODES.dismissed]: 'flow.dismissed',
  [FLOW_EVENT_CODES.targetMissing]: 'flow.target_missing',
};

/**
 * Publishes the flow events of one written batch as their topics: one call per product and topic,
 * so a batch costs one read of the subscribers per product and topic, off the visitor's request.
 */
export async function publishFlowEvents(rows: readonly EventRow[], publish: PublishWebhook) {
  const groups = new Map<string, { brandId: number; topic: string; data: unknown[] }>();
  for (const row of rows) {
    const topic = FLOW_TOPICS[row.event];
    if (!topic) continue;
    const key = `${row.brandId}:${topic}`;
    const group = groups.get(key) ?? { brandId: row.brandId, topic, data: [] };
    const p = row.properties;
    group.data.push({
      flow_id: p.flow_id,
      session_id: p.session_id,
      step_id: p.step_id ?? null,
      reason: p.reason ?? null,
      user_id: row.userId,
      anonymous_id: row.anonymousId,
      at: row.timestamp.toISOString(),
    });
    groups.set(key, group);
  }
  for (const g of groups.values()) await publish(g.brandId, g.topic, g.data);
}
