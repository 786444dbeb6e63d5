import { Skeleton } from '@/components/ui/skeleton';

/** Placeholder rows while the product list loads. */
export function BrandsSkeleton() {
  return (
    <div role="status" aria-label="Loading products" className="flex flex-col gap-3">
      {[0, 1].map((i) => (
        <div key={i} className="rounded-lg border border-slate-200 p-4">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="mt-2 h-4 w-64" />
          <Skeleton className="mt-5 h-8 w-full" />
        </div>
      ))}
    </div>
  );
}
