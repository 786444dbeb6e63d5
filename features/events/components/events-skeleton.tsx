import { Skeleton } from '@/components/ui/skeleton';

/** Placeholder rows while the events list loads. */
export function EventsSkeleton() {
  return (
    <div role="status" aria-label="Loading events" className="flex flex-col gap-2">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-4 rounded-md border border-slate-100 p-3">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-4 w-28" />
          <Skeleton className="ml-auto h-4 w-16" />
        </div>
      ))}
    </div>
  );
}
