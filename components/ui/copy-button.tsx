import { Button, type ButtonProps } from './button';
import { CopyIcon } from './icons';
import { notify } from './toast';

/** Copies `text` to the clipboard; a toast says how it went (`copied` or `copyFailed`). */
async function copyText(text: string, messages: { copied: string; copyFailed: string }) {
  try {
    await navigator.clipboard.writeText(text);
    notify.success(messages.copied);
  } catch {
    notify.error(messages.copyFailed);
  }
}

/** A "Copy" button with the copy icon (a secret, a key, an address). */
export function CopyButton({
  text,
  messages,
  children = 'Copy',
  ...props
}: Omit<ButtonProps, 'onClick'> & {
  text: string;
  messages: { copied: string; copyFailed: string };
}) {
  return (
    <Button variant="secondary" size="sm" onClick={() => void copyText(text, messages)} {...props}>
      <CopyIcon className="h-4 w-4" />
      {children}
    </Button>
  );
}
