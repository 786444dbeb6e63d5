import { EventsView } from '@/features/events/components/events-view';

export default function EventsPage() {
  return <EventsView />;
}
