import { formatCount } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

export interface ListFooterProps {
  /** Rows loaded so far. */
  shown: number;
  /** Rows the server has in all. */
  total: number;
  /** What is counted, after the total ("customers"); nothing when omitted. */
  noun?: string;
  /** Another page exists: the Load more button shows. */
  hasMore: boolean;
  /** The next page is loading: the button spins. */
  loadingMore: boolean;
  onLoadMore: () => void;
  className?: string;
}

/** Under a paged list: "Showing N of M" and, while pages remain, Load more. */
export function ListFooter({
  shown,
  total,
  noun,
  hasMore,
  loadingMore,
  onLoadMore,
  className,
}: ListFooterProps) {
  return (
    <div className={cn('flex flex-wrap items-center justify-between gap-3', className)}>
      <p role="status" className="text-sm text-slate-500">
        Showing {shown} of {formatCount(total)}
        {noun ? ` ${noun}` : null}
      </p>
      {hasMore ? (
        <Button variant="secondary" size="sm" loading={loadingMore} onClick={onLoadMore}>
          Load more
        </Button>
      ) : null}
    </div>
  );
}
