import { useState, type ReactNode } from 'react';
import type { Brand } from '@/lib/contracts/brands';
import { Button } from '@/components/ui/button';
import { RefreshIcon } from '@/components/ui/icons';
import { RetryAlert } from '@/components/ui/retry-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useBrands } from '../hooks/use-brands';
import { BrandGeneralForm } from './brand-general-form';
import { BrandSourcesPanel } from './brand-sources-panel';
import { RotateKeyDialog } from './rotate-key-dialog';
import { WriteKey } from './write-key';

/** The product of `brandId` from the cached product list, with its loading and error states. */
function WithBrand({ brandId, children }: { brandId: number; children: (b: Brand) => ReactNode }) {
  const brands = useBrands();
  if (brands.isPending)
    return (
      <div role="status" aria-label="Loading settings" className="flex flex-col gap-3">
        <Skeleton className="h-10 w-full max-w-xl" />
        <Skeleton className="h-10 w-full max-w-xl" />
      </div>
    );
  if (brands.isError)
    return <RetryAlert message={brands.error.message} onRetry={() => void brands.refetch()} />;
  const brand = brands.data.data.find((b) => b.id === brandId);
  return brand ? <>{children(brand)}</> : null;
}

/** Settings → General of a product (docs/settings.md). */
export function BrandGeneralSettings({ brandId }: { brandId: number }) {
  return (
    <WithBrand brandId={brandId}>
      {(brand) => <BrandGeneralForm key={brand.id} brand={brand} />}
    </WithBrand>
  );
}

/**
 * Settings → Tracking of a product (docs/settings.md): its write key with rotation, then its
 * trusted sources (allowed origins, signed identities, the server key).
 */
export function BrandTrackingSettings({ brandId }: { brandId: number }) {
  const [rotating, setRotating] = useState<Brand | null>(null);
  return (
    <WithBrand brandId={brandId}>
      {(brand) => (
        <div className="flex flex-col gap-6">
          <div className="flex flex-col gap-1.5">
            <p className="text-sm font-medium text-slate-900">Write key</p>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
                <WriteKey value={brand.write_key} />
              </div>
              <Button variant="secondary" size="sm" onClick={() => setRotating(brand)}>
                <RefreshIcon className="h-4 w-4" />
                Rotate key
              </Button>
            </div>
          </div>
          <BrandSourcesPanel key={brand.id} brand={brand} />
          <RotateKeyDialog brand={rotating} onOpenChange={(open) => !open && setRotating(null)} />
        </div>
      )}
    </WithBrand>
  );
}
