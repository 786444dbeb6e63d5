import { EventDetailsView } from '@/features/events/components/event-details-view';

export default function EventDetailsPage() {
  return <EventDetailsView />;
}
