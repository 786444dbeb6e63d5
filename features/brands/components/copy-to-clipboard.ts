import { MESSAGES } from '@/lib/messages';
import { notify } from '@/components/ui/toast';

/** Copies `text` for the write key and snippet Copy buttons; a toast says how it went. */
export async function copyToClipboard(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notify.success(MESSAGES.brands.copied);
  } catch {
    notify.error(MESSAGES.brands.copyFailed);
  }
}
