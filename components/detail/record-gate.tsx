import Link from 'next/link';
import { useRouter } from 'next/router';
import type { ReactNode } from 'react';
import { PageSpinner } from '@/components/layout/spinner';
import { FormAlert } from '@/components/ui/form-alert';
import { RetryAlert } from '@/components/ui/retry-alert';

/** The id of a `[id]` route: a positive whole number, 'invalid', or 'pending' until the URL is read. */
export function useRouteId(): number | 'invalid' | 'pending' {
  const { query, isReady } = useRouter();
  if (!isReady) return 'pending';
  const id = Number(query.id);
  return Number.isInteger(id) && id > 0 ? id : 'invalid';
}

/** The id to load for `useRouteId()`'s answer: null while there is none to ask for. */
export const idToLoad = (id: ReturnType<typeof useRouteId>): number | null =>
  typeof id === 'number' ? id : null;

/** What the gate reads of the query that loads the record (a React Query result fits). */
export interface RecordQuery<T> {
  data?: T;
  isError: boolean;
  error: { message: string; status?: number } | null;
  refetch: () => unknown;
}

export interface RecordGateProps<T> {
  id: ReturnType<typeof useRouteId>;
  query: RecordQuery<T>;
  /** For a bad id or one the API answers 404 to: the message and the way back to the list. */
  notFound: { message: string; backHref: string; backLabel: string };
  /** The text of the alert with Try again on any other failure (a `MESSAGES` entry). */
  failed: (message: string) => string;
  children: (record: T) => ReactNode;
}

/**
 * The record of a `/things/[id]` page, once loaded: a spinner meanwhile, the not-found message
 * with its way back for a bad id or another owner's record, the failure with Try again otherwise.
 */
export function RecordGate<T>({ id, query, notFound, failed, children }: RecordGateProps<T>) {
  if (id === 'pending') return <PageSpinner />;
  if (id === 'invalid' || query.error?.status === 404)
    return (
      <FormAlert>
        {notFound.message}{' '}
        <Link href={notFound.backHref} className="font-semibold underline">
          {notFound.backLabel}
        </Link>
      </FormAlert>
    );
  if (query.isError)
    return (
      <RetryAlert
        message={failed(query.error?.message ?? '')}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.data === undefined) return <PageSpinner />;
  return <>{children(query.data)}</>;
}
