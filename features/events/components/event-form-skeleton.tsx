import { Skeleton } from '@/components/ui/skeleton';

/** Placeholder of the event form while the event loads. */
export function EventFormSkeleton() {
  return (
    <div role="status" aria-label="Loading event" className="flex max-w-3xl flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
      <Skeleton className="h-24" />
    </div>
  );
}
