import { FLOW_EVENT_CODES } from '../../../../lib/contracts/flow-runtime';
import type { EventRow } from '../../../analytics/types';
import type { FlowSessionRow } from '../flow-sessions.repository';

/** Event codes of the flow runtime, stored as events of the product (docs/flows.md). */
export const FLOW_EVENTS = FLOW_EVENT_CODES;
export type FlowEventCode = (typeof FLOW_EVENTS)[keyof typeof FLOW_EVENTS];

/**
 * One flow event of a session. The message id is derived from what happened (session, code,
 * step, button), so a retried call stores nothing twice: the event store keeps one row per
 * (product, message id).
 */
export function flowEventRow(
  session: Pick<
    FlowSessionRow,
    'id' | 'brandId' | 'flowId' | 'visitorKey' | 'userId' | 'anonymousId'
  >,
  event: FlowEventCode,
  at: Date,
  props: {
    flowName?: string;
    stepId?: string | null;
    stepIndex?: number;
    buttonId?: string;
    reason?: string;
  },
): EventRow {
  const properties: Record<string, unknown> = {
    flow_id: session.flowId,
    session_id: session.id,
  };
  if (props.flowName !== undefined) properties.flow_name = props.flowName;
  if (props.stepId) properties.step_id = props.stepId;
  if (props.stepIndex !== undefined && props.stepIndex >= 0)
    properties.step_index = props.stepIndex;
  if (props.buttonId) properties.button_id = props.buttonId;
  if (props.reason) properties.reason = props.reason;
  const id = [session.id, event, props.stepId ?? '', props.buttonId ?? ''].join(':');
  return {
    brandId: session.brandId,
    messageId: id,
    type: 'track',
    event,
    userId: session.userId,
    anonymousId: session.anonymousId ?? (session.userId ? null : session.visitorKey),
    customerKey: session.visitorKey,
    timestamp: at,
    receivedAt: at,
    properties,
    context: { library: { name: 'signpost-flows' } },
    url: null,
    path: null,
    referrer: null,
    browser: null,
    os: null,
    device: null,
    country: null,
  };
}
