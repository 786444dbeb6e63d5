import dynamic from 'next/dynamic';
import { ViewLoading } from '@/components/layout/spinner';

// Loaded on demand: forms and their validation stay out of the route's first load
// (docs/performance.md, "Route weight").
const CreateEventView = dynamic(
  () => import('@/features/events/components/create-event-view').then((m) => m.CreateEventView),
  {
    ssr: false,
    loading: () => <ViewLoading />,
  },
);

export default function CreateEventPage() {
  return <CreateEventView />;
}
