import { useEffect, type ReactNode } from 'react';
import { RetryAlert } from '@/components/ui/retry-alert';
import { RowsSkeleton } from '@/components/ui/skeleton';
import { notify } from '@/components/ui/toast';
import { ListFooter } from './list-footer';

/** What a paged list reads of an infinite query whose pages are `{data, total}`. */
export interface PagedQuery<T> {
  data?: { pages: readonly { data: T[]; total: number }[] };
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  error: Error | null;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

/** The rows of every page loaded so far, and the total of the last answer. */
export function pagedRows<T>(query: Pick<PagedQuery<T>, 'data'>): { rows: T[]; total: number } {
  const pages = query.data?.pages ?? [];
  return { rows: pages.flatMap((p) => p.data), total: pages.at(-1)?.total ?? 0 };
}

const BOX = 'rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center';

export interface PagedListProps<T> {
  query: PagedQuery<T>;
  /** The skeleton while the first page loads: its accessible name and its columns' widths. */
  loading: { label: string; columns: readonly string[] };
  /**
   * The text of the toast on any failed page, and of the alert when there is nothing to show.
   * A function that stays the same between renders (a `MESSAGES` entry): a new one toasts again.
   */
  failed: (message: string) => string;
  /** Set while a search or filter narrows the list: what shows when nothing matches. */
  noMatches?: string;
  /**
   * The list is empty with nothing narrowing it: the text, and with `action` (the way to create
   * the first one) a region named `label` around both.
   */
  empty: { text: string; label?: string; action?: ReactNode };
  /** What the footer counts ("short links"). */
  noun?: string;
  /** The table of the rows loaded so far (never called with none). */
  children: (rows: T[]) => ReactNode;
}

/**
 * The states of a paged list, the same on every list page: a skeleton while the first page
 * loads, an alert with Retry when it failed, the empty and no-match states, then the rows and the
 * footer with Load more (features/README.md, the list scaffold).
 */
export function PagedList<T>({
  query,
  loading,
  failed,
  noMatches,
  empty,
  noun,
  children,
}: PagedListProps<T>) {
  const { error } = query;
  useEffect(() => {
    if (error) notify.error(failed(error.message));
  }, [error, failed]);
  const { rows, total } = pagedRows(query);

  if (query.isPending) return <RowsSkeleton label={loading.label} columns={loading.columns} />;
  if (rows.length === 0) {
    if (query.isError)
      return (
        <RetryAlert
          message={failed(query.error?.message ?? '')}
          onRetry={() => void query.refetch()}
        />
      );
    if (!query.isSuccess) return null;
    if (noMatches !== undefined || !empty.action)
      return <p className={`${BOX} text-sm text-slate-600`}>{noMatches ?? empty.text}</p>;
    return (
      <div
        role="region"
        aria-label={empty.label}
        className={`flex flex-col items-center gap-4 ${BOX}`}
      >
        <p className="text-sm text-slate-600">{empty.text}</p>
        {empty.action}
      </div>
    );
  }
  return (
    <>
      {children(rows)}
      <ListFooter
        className="mt-3"
        shown={rows.length}
        total={total}
        noun={noun}
        hasMore={query.hasNextPage}
        loadingMore={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
      />
    </>
  );
}
