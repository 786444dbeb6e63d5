import { Button } from '@/components/ui/button';
import { CopyIcon } from '@/components/ui/icons';
import { notify } from '@/components/ui/toast';
import { MESSAGES } from '@/lib/messages';

/** Copies a short link's public address; a toast says how it went. */
export function CopyShortUrlButton({ shortUrl, label }: { shortUrl: string; label?: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shortUrl);
      notify.success(MESSAGES.shortUrls.copied);
    } catch {
      notify.error(MESSAGES.shortUrls.copyFailed);
    }
  };
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={() => void copy()}
      aria-label={label ?? `Copy ${shortUrl}`}
      title="Copy"
    >
      <CopyIcon className="h-4 w-4" />
      {label ? null : <span className="sr-only sm:not-sr-only">Copy</span>}
    </Button>
  );
}
