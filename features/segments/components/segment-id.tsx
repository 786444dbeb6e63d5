import Link from 'next/link';
import { useRouter } from 'next/router';
import type { ReactNode } from 'react';
import type { Segment } from '@/lib/contracts/segments';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { PageSpinner } from '@/components/layout/spinner';
import { FormAlert } from '@/components/ui/form-alert';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useSegment } from '../hooks/use-segment';

/** The segment id of `/segments/[id]` and `/segments/edit/[id]`; 'pending' until the URL is read. */
function useSegmentIdParam(): number | 'invalid' | 'pending' {
  const { query, isReady } = useRouter();
  if (!isReady) return 'pending';
  const id = Number(query.id);
  return Number.isInteger(id) && id > 0 ? id : 'invalid';
}

/**
 * Loads the segment of the URL and renders `children` with it; meanwhile a spinner, and the
 * not-found and failure states with their ways out.
 */
export function WithSegment({ children }: { children: (segment: Segment) => ReactNode }) {
  const id = useSegmentIdParam();
  const segment = useSegment(typeof id === 'number' ? id : null);
  if (id === 'pending') return <PageSpinner />;
  if (id === 'invalid' || segment.error?.status === 404)
    return (
      <FormAlert>
        {MESSAGES.segments.notFound}{' '}
        <Link href={paths.segments()} className="font-semibold underline">
          Back to Segments
        </Link>
      </FormAlert>
    );
  if (segment.isError)
    return (
      <RetryAlert
        message={MESSAGES.segments.failedToGet(segment.error.message)}
        onRetry={() => void segment.refetch()}
      />
    );
  if (!segment.data) return <PageSpinner />;
  return <>{children(segment.data)}</>;
}
