import { Skeleton } from '@/components/ui/skeleton';

/** Placeholder rows while attribute definitions load. */
export function AttributesLoading() {
  return (
    <div role="status" aria-label="Loading attributes" className="flex flex-col gap-2">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-9 w-full" />
      ))}
    </div>
  );
}
