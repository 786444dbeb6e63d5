import type { EventDef } from '@/lib/contracts/events';
import { MESSAGES } from '@/lib/messages';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import { useSendTestEvent } from '../hooks/use-send-test-event';

/** Posts one sample event through the public API; the tail shows it when the socket pushes it. */
export function SendTestEventButton({ event }: { event: EventDef }) {
  const send = useSendTestEvent(event);
  return (
    <Button
      variant="secondary"
      size="sm"
      loading={send.isPending}
      onClick={() =>
        send.mutate(undefined, {
          onSuccess: () => notify.success(MESSAGES.events.testSent),
          onError: (error) => notify.error(MESSAGES.events.testFailed(error.message)),
        })
      }
    >
      Send test event
    </Button>
  );
}
