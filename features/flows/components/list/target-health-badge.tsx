import type { TargetHealthStatus } from '@/lib/flows/target-health';
import { TARGET_HEALTH_LABELS } from '@/lib/flows/target-health';
import { cn } from '@/components/ui/cn';

const TONE: Record<TargetHealthStatus, string> = {
  healthy: 'bg-emerald-50 text-emerald-700',
  degraded: 'bg-amber-50 text-amber-700',
  broken: 'bg-red-50 text-red-700',
  unknown: 'bg-slate-100 text-slate-600',
};

/**
 * Whether a published tour finds its target elements on visitors' pages over the last 24 hours
 * (docs/flows.md, "Target health"). Named "Target health: broken" (healthy, degraded, no data).
 */
export function TargetHealthBadge({
  status,
  className,
}: {
  status: TargetHealthStatus;
  className?: string;
}) {
  const label = TARGET_HEALTH_LABELS[status];
  return (
    <span
      role="img"
      aria-label={`Target health: ${label.toLowerCase()}`}
      title="Target elements found on visitors' pages in the last 24 hours"
      data-health={status}
      className={cn('rounded-full px-2 py-0.5 text-xs font-medium', TONE[status], className)}
    >
      {label}
    </span>
  );
}

/** The badge of a tours list row: only for a published tour with data (not "no data"). */
export function ListTargetHealth({ status }: { status?: TargetHealthStatus }) {
  if (!status || status === 'unknown') return null;
  return <TargetHealthBadge status={status} className="ml-2" />;
}
