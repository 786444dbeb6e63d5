import type { WebhookDelivery } from '@/api/webhooks';
import { formatDateTime } from '@/lib/format';
import { MESSAGES } from '@/lib/messages';
import { PagedList } from '@/components/list/paged-list';
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
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { notify } from '@/components/ui/toast';
import type { Webhook } from '@/api/webhooks';
import {
  useResendDelivery,
  useSendWebhookTest,
  useWebhookDeliveries,
} from '../hooks/use-webhook-deliveries';
import { DeliveryStatus } from './webhook-delivery-status';

/**
 * An endpoint's delivery log (docs/webhooks.md, "Delivery log"): newest first, a page at a time,
 * Resend per delivery and Send test event. The log is read again while a delivery is pending.
 */
export function WebhookDeliveriesDialog({
  endpoint,
  onClose,
}: {
  endpoint: Webhook | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={endpoint !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Delivery log"
      className="max-w-3xl"
      description={endpoint ? <span className="break-all">{endpoint.url}</span> : undefined}
    >
      {endpoint ? <Deliveries endpoint={endpoint} /> : null}
    </Dialog>
  );
}

function Deliveries({ endpoint }: { endpoint: Webhook }) {
  const log = useWebhookDeliveries(endpoint.id);
  const test = useSendWebhookTest(endpoint.id, {
    onSuccess: () => notify.success(MESSAGES.webhooks.testSent),
  });
  const resend = useResendDelivery(endpoint.id, {
    onSuccess: () => notify.success(MESSAGES.webhooks.resent),
  });
  const failure = test.error ?? resend.error;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" loading={test.isPending} onClick={() => test.mutate()}>
          Send test event
        </Button>
        <span className="text-xs text-slate-500">
          A webhook.test message, whatever the endpoint subscribes to.
        </span>
      </div>
      {failure ? <FormAlert>{failure.message}</FormAlert> : null}
      <PagedList
        query={log}
        loading={{ label: 'Loading deliveries', columns: ['w-32', 'w-20', 'w-12', 'w-12', 'w-32'] }}
        failed={MESSAGES.webhooks.failedDeliveries}
        noun="deliveries"
        empty={{ text: 'No deliveries yet. Send a test event to try the endpoint.' }}
      >
        {(rows: WebhookDelivery[]) => (
          <Table caption="Deliveries">
            <THead>
              <Th>Topic</Th>
              <Th>Status</Th>
              <Th align="right">Attempts</Th>
              <Th align="right">Last status code</Th>
              <Th>Created</Th>
              <Th align="right">Actions</Th>
            </THead>
            <TBody>
              {rows.map((d) => (
                <Tr key={d.id}>
                  <RowHeader className="font-mono text-xs">{d.topic}</RowHeader>
                  <Td>
                    <DeliveryStatus status={d.status} />
                  </Td>
                  <Td align="right">{d.attempts}</Td>
                  <Td align="right" title={d.last_response ?? undefined}>
                    {d.last_status_code ?? '—'}
                  </Td>
                  <Td className="whitespace-nowrap">{formatDateTime(d.created_at)}</Td>
                  <ActionsCell>
                    <RowButton
                      label="Resend"
                      of={`${d.topic} delivery ${d.id}`}
                      loading={resend.isPending && resend.variables?.id === d.id}
                      onClick={() => resend.mutate(d)}
                    />
                  </ActionsCell>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </PagedList>
    </div>
  );
}
