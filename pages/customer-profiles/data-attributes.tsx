import { DataAttributesView } from '@/features/customer-profiles/components/data-attributes-view';

export default function DataAttributesPage() {
  return <DataAttributesView />;
}
