import Link from 'next/link';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ChartIcon } from '@/components/ui/icons';

/**
 * Events and customer data belong to a tracked product: without one there is nothing to show,
 * only the way to Product Tracking. `title` heads the explanation where the page wants one.
 */
export function NoBrandState({ title }: { title?: string }) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed border-slate-300 px-6 py-14 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <ChartIcon className="h-6 w-6" />
      </span>
      {title ? <h3 className="mt-4 text-base font-semibold text-slate-900">{title}</h3> : null}
      <p className={cn(title ? 'mt-1' : 'mt-4', 'max-w-sm text-sm text-slate-600')}>
        {MESSAGES.events.brandRequired}
      </p>
      <Link href={paths.brands()} className={buttonClasses('primary', 'md', 'mt-6')}>
        Go to Product Tracking
      </Link>
    </div>
  );
}
