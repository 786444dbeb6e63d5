import { cn } from '@/components/ui/cn';

const SIZES = {
  sm: 'h-4 w-4 border-2',
  md: 'h-6 w-6 border-2',
  lg: 'h-10 w-10 border-[3px]',
} as const;

/** Spinning ring; `label` is announced to screen readers (null inside a button that already says it). */
export function Spinner({
  size = 'md',
  label = 'Loading',
  className,
}: {
  size?: keyof typeof SIZES;
  label?: string | null;
  className?: string;
}) {
  const ring = (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block animate-spin rounded-full border-current border-r-transparent',
        SIZES[size],
        className,
      )}
    />
  );
  if (label === null) return ring;
  return (
    <span role="status" className="inline-flex items-center">
      {ring}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Full-height centred spinner shown while the session loads. */
export function PageSpinner() {
  return (
    <div
      className="flex min-h-screen items-center justify-center text-brand-600"
      data-testid="page-spinner"
    >
      <Spinner size="lg" />
    </div>
  );
}

/**
 * Shown in the content area while a page's own code arrives: pages whose view is loaded on demand
 * (docs/performance.md, "Route weight") keep the shell on screen and show this in its place.
 */
export function ViewLoading() {
  return (
    <div className="flex justify-center py-16 text-brand-600" data-testid="view-loading">
      <Spinner size="lg" />
    </div>
  );
}
