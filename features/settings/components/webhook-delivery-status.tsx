import type { WebhookDelivery } from '@/api/webhooks';
import { Pill, type PillTone } from '@/components/ui/pill';

const LOOK: Record<WebhookDelivery['status'], { tone: PillTone; label: string }> = {
  succeeded: { tone: 'on', label: 'Succeeded' },
  pending: { tone: 'warning', label: 'Pending' },
  failed: { tone: 'off', label: 'Failed' },
};

/** A delivery's status as a pill: Succeeded, Pending (attempts still to come) or Failed. */
export function DeliveryStatus({ status }: { status: WebhookDelivery['status'] }) {
  const { tone, label } = LOOK[status];
  return (
    <Pill tone={tone} className={status === 'failed' ? 'bg-red-50 text-red-700' : undefined}>
      {label}
    </Pill>
  );
}
