import { CreateEventView } from '@/features/events/components/create-event-view';

export default function CreateEventPage() {
  return <CreateEventView />;
}
