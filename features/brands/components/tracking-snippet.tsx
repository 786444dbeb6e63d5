import { useId } from 'react';
import { trackingSnippet } from '@/lib/sdk-snippet';
import { CopyButton } from '@/components/ui/copy-button';
import { MESSAGES } from '@/lib/messages';
import { useIsClient } from '@/hooks/use-is-client';

export interface TrackingSnippetProps {
  writeKey: string;
  /** Origin serving /sdk.js; default: this dashboard's origin (one process serves both). */
  host?: string;
}

/** The two-line install snippet of one product, ready to paste into a website's <head>. */
export function TrackingSnippet({ writeKey, host }: TrackingSnippetProps) {
  const labelId = useId();
  // The origin exists only in the browser; render nothing copyable until then.
  const isClient = useIsClient();
  const origin = host ?? (isClient ? window.location.origin : null);
  const code = origin ? trackingSnippet({ host: origin, writeKey }) : '';

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <p id={labelId} className="text-xs font-medium uppercase tracking-wide text-slate-500">
          Tracking snippet
        </p>
        <CopyButton
          text={code}
          messages={MESSAGES.brands}
          disabled={!code}
          aria-label="Copy snippet"
        />
      </div>
      <pre
        aria-labelledby={labelId}
        data-testid="tracking-snippet"
        className="max-h-48 overflow-auto whitespace-pre-wrap break-all rounded-md border border-slate-200 bg-slate-900 p-3 font-mono text-xs leading-relaxed text-slate-100"
      >
        <code>{code}</code>
      </pre>
    </div>
  );
}
