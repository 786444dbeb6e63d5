import { Skeleton } from '@/components/ui/skeleton';

/** Placeholder rows while the product tours load. */
export function FlowsSkeleton() {
  return (
    <div role="status" aria-label="Loading product tours" className="flex flex-col gap-2">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-4 rounded-md border border-slate-100 p-3">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-4 w-20" />
          <Skeleton className="h-4 w-10" />
          <Skeleton className="ml-auto h-4 w-48" />
        </div>
      ))}
    </div>
  );
}
