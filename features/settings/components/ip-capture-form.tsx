import { useState } from 'react';
import { IP_CAPTURE_MODES, type IpCaptureMode } from '@/lib/contracts/brand-settings';
import { MESSAGES } from '@/lib/messages';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { RetryAlert } from '@/components/ui/retry-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { notify } from '@/components/ui/toast';
import { useIpCapture, useUpdateIpCapture } from '../hooks/use-ip-capture';

const CHOICES: Record<IpCaptureMode, { label: string; hint: string }> = {
  off: { label: 'Off', hint: 'No IP address is stored with events.' },
  anonymised: {
    label: 'Anonymised',
    hint: 'IPv4 with its last part zeroed (203.0.113.0), IPv6 cut to its first 48 bits.',
  },
  full: { label: 'Full', hint: 'The full address, in the event context (context.ip).' },
};

function IpCaptureFields({ brandId, saved }: { brandId: number; saved: IpCaptureMode }) {
  const [mode, setMode] = useState<IpCaptureMode>(saved);
  const update = useUpdateIpCapture(brandId, {
    onSuccess: () => notify.success(MESSAGES.settings.ipCaptureSaved),
  });
  return (
    <form
      aria-label="IP capture"
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate({ ip_capture: mode });
      }}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-900">IP capture</legend>
        {IP_CAPTURE_MODES.map((value) => (
          <label key={value} className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="radio"
              name="ip_capture"
              value={value}
              className="mt-0.5"
              checked={mode === value}
              onChange={() => setMode(value)}
            />
            <span>
              <span className="font-medium text-slate-900">{CHOICES[value].label}</span>
              <span className="block text-slate-600">{CHOICES[value].hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {update.error ? <FormAlert>{update.error.message}</FormAlert> : null}
      <div>
        <Button type="submit" loading={update.isPending}>
          Save IP capture
        </Button>
      </div>
    </form>
  );
}

/** Settings → Tracking → IP capture (docs/settings.md, "Tracking"). */
export function IpCaptureForm({ brandId }: { brandId: number }) {
  const ip = useIpCapture(brandId);
  if (ip.isPending) return <Skeleton className="h-32 w-full max-w-xl" />;
  if (ip.isError)
    return <RetryAlert message={ip.error.message} onRetry={() => void ip.refetch()} />;
  return <IpCaptureFields key={brandId} brandId={brandId} saved={ip.data.ip_capture} />;
}
