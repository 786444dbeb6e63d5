import { CopyButton } from '@/components/ui/copy-button';
import { MESSAGES } from '@/lib/messages';

/** The product's public write key with a copy button. */
export function WriteKey({ value }: { value: string }) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      <code
        data-testid="write-key"
        className="min-w-0 flex-1 truncate rounded-md border border-slate-200 bg-slate-50 px-2.5 py-1.5 font-mono text-xs text-slate-800"
        title={value}
      >
        {value}
      </code>
      <CopyButton text={value} messages={MESSAGES.brands} />
    </div>
  );
}
