import { LiveEventsView } from '@/features/events/components/live-events-view';

export default function LiveEventsPage() {
  return <LiveEventsView />;
}
