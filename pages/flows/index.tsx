import { FlowsView } from '@/features/flows/components/flows-view';

export default function FlowsPage() {
  return <FlowsView />;
}
