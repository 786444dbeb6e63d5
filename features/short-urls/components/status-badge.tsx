import { cn } from '@/components/ui/cn';
import type { ShortUrlStatus } from '../lib/short-url-form';

const TONE: Record<ShortUrlStatus, string> = {
  Active: 'bg-emerald-50 text-emerald-700',
  Disabled: 'bg-slate-100 text-slate-600',
  Expired: 'bg-amber-50 text-amber-700',
};

/** Active, Disabled or Expired, as a pill. */
export function StatusBadge({ status }: { status: ShortUrlStatus }) {
  return (
    <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', TONE[status])}>
      {status}
    </span>
  );
}
