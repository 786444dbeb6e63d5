import { cn } from './cn';

/** Grey pulsing placeholder while data loads. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-slate-200', className)} />
  );
}

/**
 * Placeholder rows of a list while it loads: three rows, one bar per column (`columns` are the
 * bars' width classes; a class with `ml-auto` pushes the rest to the right).
 */
export function RowsSkeleton({ label, columns }: { label: string; columns: readonly string[] }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-2">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-4 rounded-md border border-slate-100 p-3">
          {columns.map((width, c) => (
            <Skeleton key={c} className={cn('h-4', width)} />
          ))}
        </div>
      ))}
    </div>
  );
}
