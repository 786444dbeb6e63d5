import type { ReactNode } from 'react';
import type { Segment } from '@/lib/contracts/segments';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { idToLoad, RecordGate, useRouteId } from '@/components/detail/record-gate';
import { useSegment } from '../hooks/use-segment';

/**
 * Loads the segment of `/segments/[id]` or `/segments/edit/[id]` and renders `children` with it;
 * meanwhile a spinner, and the not-found and failure states with their ways out.
 */
export function WithSegment({ children }: { children: (segment: Segment) => ReactNode }) {
  const id = useRouteId();
  const segment = useSegment(idToLoad(id));
  return (
    <RecordGate
      id={id}
      query={segment}
      notFound={{
        message: MESSAGES.segments.notFound,
        backHref: paths.segments(),
        backLabel: 'Back to Segments',
      }}
      failed={MESSAGES.segments.failedToGet}
    >
      {children}
    </RecordGate>
  );
}
