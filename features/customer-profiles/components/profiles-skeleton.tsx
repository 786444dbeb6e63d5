import { Skeleton } from '@/components/ui/skeleton';

/** Placeholder rows while the customer list loads. */
export function ProfilesSkeleton({ label = 'Loading customers' }: { label?: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-2">
      <Skeleton className="h-9 w-full" />
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} className="h-8 w-full" />
      ))}
    </div>
  );
}
