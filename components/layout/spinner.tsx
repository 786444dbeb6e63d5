import { useEffect, useState } from 'react';
import { cn } from '@/components/ui/cn';

/**
 * How long a load may take before its spinner shows (docs/product/constants.md, "lazy component
 * delay"): a load that ends sooner shows nothing, so fast pages do not flash a spinner.
 */
export const SPINNER_DELAY_MS = 200;

const SIZES = {
  sm: 'h-4 w-4 border-2',
  md: 'h-6 w-6 border-2',
  lg: 'h-10 w-10 border-[3px]',
} as const;

/** False until `delayMs` has passed since the first render (true at once for 0). */
export function useShownAfter(delayMs: number): boolean {
  const [shown, setShown] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return shown;
}

/**
 * Spinning ring, drawn only once the load has lasted `delay` ms (SPINNER_DELAY_MS). `label` is
 * announced to screen readers from the start (null inside a button that already says it).
 */
export function Spinner({
  size = 'md',
  label = 'Loading',
  className,
  delay = SPINNER_DELAY_MS,
}: {
  size?: keyof typeof SIZES;
  label?: string | null;
  className?: string;
  delay?: number;
}) {
  const shown = useShownAfter(delay);
  const ring = shown ? (
    <span
      aria-hidden="true"
      data-spinner-ring=""
      className={cn(
        'inline-block animate-spin rounded-full border-current border-r-transparent',
        SIZES[size],
        className,
      )}
    />
  ) : null;
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
