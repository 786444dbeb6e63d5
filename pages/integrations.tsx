import { TrackingSnippet } from '@/features/brands/components/tracking-snippet';
import { useCurrentBrand } from '@/features/brands/hooks/use-current-brand';
import { FirstEventStatus } from '@/features/events/components/first-event-status';
import { IntegrationsView } from '@/features/integrations/components/integrations-view';

/** /integrations: the install guide, composed with the current product and its snippet. */
export default function IntegrationsPage() {
  const { brands, current, setBrandId } = useCurrentBrand();
  return (
    <IntegrationsView
      brands={brands.data?.data ?? []}
      current={current}
      status={brands.status}
      error={brands.error?.message}
      onRetry={() => void brands.refetch()}
      onSelectBrand={setBrandId}
      renderSnippet={(brand) => <TrackingSnippet writeKey={brand.write_key} />}
      renderInstallState={(brand) => <FirstEventStatus key={brand.id} brandId={brand.id} />}
    />
  );
}
