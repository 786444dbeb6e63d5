import type { Webhook } from '@/api/webhooks';
import { formatDateTime } from '@/lib/format';
import {
  ActionsCell,
  RowButton,
  RowHeader,
  TBody,
  THead,
  Table,
  Td,
  Th,
  Tr,
} from '@/components/list/table';
import { Pill } from '@/components/ui/pill';
import { useLastDelivery } from '../hooks/use-webhook-deliveries';
import { topicsSummary } from '../lib/webhooks';
import { DeliveryStatus } from './webhook-delivery-status';

interface WebhookRowActions {
  onDeliveries: (endpoint: Webhook) => void;
  onEdit: (endpoint: Webhook) => void;
  onRotate: (endpoint: Webhook) => void;
  onDelete: (endpoint: Webhook) => void;
}

/** The newest delivery of an endpoint: its status and when, or "None yet". */
function LastDelivery({ id }: { id: number }) {
  const last = useLastDelivery(id);
  if (last.isPending) return <span className="text-slate-400">…</span>;
  if (last.isError || !last.data) return <span className="text-slate-500">None yet</span>;
  return (
    <span className="flex flex-wrap items-center gap-2">
      <DeliveryStatus status={last.data.status} />
      <span className="whitespace-nowrap text-xs text-slate-500">
        {formatDateTime(last.data.created_at)}
      </span>
    </span>
  );
}

/** A product's webhook endpoints: URL, topics, state, last delivery and the row's actions. */
export function WebhooksTable({
  endpoints,
  ...actions
}: { endpoints: Webhook[] } & WebhookRowActions) {
  return (
    <Table caption="Webhook endpoints">
      <THead>
        <Th>URL</Th>
        <Th>Topics</Th>
        <Th>State</Th>
        <Th>Last delivery</Th>
        <Th align="right">Actions</Th>
      </THead>
      <TBody>
        {endpoints.map((w) => (
          <Tr key={w.id}>
            <RowHeader className="max-w-xs break-all font-mono text-xs">{w.url}</RowHeader>
            <Td title={w.topics.join(', ')}>{topicsSummary(w.topics)}</Td>
            <Td>
              <Pill tone={w.enabled ? 'on' : w.disabled_reason ? 'warning' : 'off'}>
                {w.enabled ? 'Enabled' : 'Disabled'}
              </Pill>
              {!w.enabled && w.disabled_reason ? (
                <p className="mt-1 max-w-xs text-xs text-amber-800">{w.disabled_reason}</p>
              ) : null}
            </Td>
            <Td>
              <LastDelivery id={w.id} />
            </Td>
            <ActionsCell>
              <RowButton label="Deliveries" of={w.url} onClick={() => actions.onDeliveries(w)} />
              <RowButton label="Edit" of={w.url} onClick={() => actions.onEdit(w)} />
              <RowButton label="Rotate secret" of={w.url} onClick={() => actions.onRotate(w)} />
              <RowButton label="Delete" of={w.url} onClick={() => actions.onDelete(w)} />
            </ActionsCell>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
