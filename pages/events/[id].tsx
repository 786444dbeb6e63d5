import dynamic from 'next/dynamic';
import { ViewLoading } from '@/components/layout/spinner';

// Loaded on demand: forms and their validation stay out of the route's first load
// (docs/performance.md, "Route weight").
const EventDetailsView = dynamic(
  () => import('@/features/events/components/event-details-view').then((m) => m.EventDetailsView),
  {
    ssr: false,
    loading: () => <ViewLoading />,
  },
);

export default function EventDetailsPage() {
  return <EventDetailsView />;
}
