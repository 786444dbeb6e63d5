import { BrandsView } from '@/features/brands/components/brands-view';

export default function BrandsPage() {
  return <BrandsView />;
}
