import { MetadataAttributesView } from '@/features/customer-profiles/components/metadata-attributes-view';

export default function MetadataAttributesPage() {
  return <MetadataAttributesView />;
}
