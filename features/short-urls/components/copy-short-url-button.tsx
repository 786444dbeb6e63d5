import { CopyButton } from '@/components/ui/copy-button';
import { MESSAGES } from '@/lib/messages';

/** Copies a short link's public address; a toast says how it went. */
export function CopyShortUrlButton({ shortUrl, label }: { shortUrl: string; label?: string }) {
  return (
    <CopyButton
      text={shortUrl}
      messages={MESSAGES.shortUrls}
      variant="ghost"
      aria-label={label ?? `Copy ${shortUrl}`}
      title="Copy"
    >
      {label ? null : <span className="sr-only sm:not-sr-only">Copy</span>}
    </CopyButton>
  );
}
