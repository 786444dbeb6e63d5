import { useState } from 'react';
import type { Brand } from '@/lib/contracts/brands';
import { PageHeader } from '@/components/list/page-header';
import { Button } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useCurrentBrand } from '../hooks/use-current-brand';
import { BrandCard } from './brand-card';
import { BrandFormDialog } from './brand-form-dialog';
import { BrandsEmptyState } from './brands-empty-state';
import { BrandsSkeleton } from './brands-skeleton';
import { DeleteBrandDialog } from './delete-brand-dialog';
import { RotateKeyDialog } from './rotate-key-dialog';

type DialogState =
  | { kind: 'create' }
  | { kind: 'edit'; brand: Brand }
  | { kind: 'delete'; brand: Brand }
  | { kind: 'rotate'; brand: Brand }
  | null;

/** /brands (Product Tracking): the tracked products and their write keys. */
export function BrandsView() {
  const { brands, current, setBrandId } = useCurrentBrand();
  const [dialog, setDialog] = useState<DialogState>(null);
  const close = () => setDialog(null);
  const list = brands.data?.data ?? [];

  return (
    <section aria-labelledby="brands-heading">
      <PageHeader
        id="brands-heading"
        title="Tracked products"
        description="Each product has a write key. Put it in the tracking snippet on that website to send events."
        actions={
          list.length > 0 ? (
            <Button onClick={() => setDialog({ kind: 'create' })}>
              <PlusIcon className="h-4 w-4" />
              Add product
            </Button>
          ) : null
        }
      />

      {brands.isPending ? <BrandsSkeleton /> : null}
      {brands.isError ? (
        <RetryAlert message={brands.error.message} onRetry={() => void brands.refetch()} />
      ) : null}
      {brands.isSuccess && list.length === 0 ? (
        <BrandsEmptyState onAdd={() => setDialog({ kind: 'create' })} />
      ) : null}
      {list.length > 0 ? (
        <ul aria-label="Tracked products" className="flex flex-col gap-3">
          {list.map((brand) => (
            <BrandCard
              key={brand.id}
              brand={brand}
              current={brand.id === current?.id}
              onEdit={(b) => setDialog({ kind: 'edit', brand: b })}
              onDelete={(b) => setDialog({ kind: 'delete', brand: b })}
              onRotate={(b) => setDialog({ kind: 'rotate', brand: b })}
            />
          ))}
        </ul>
      ) : null}

      <BrandFormDialog
        open={dialog?.kind === 'create' || dialog?.kind === 'edit'}
        brand={dialog?.kind === 'edit' ? dialog.brand : undefined}
        onOpenChange={(open) => !open && close()}
        onSaved={(b) => {
          if (list.length === 0) setBrandId(b.id);
        }}
      />
      <DeleteBrandDialog
        brand={dialog?.kind === 'delete' ? dialog.brand : null}
        onOpenChange={(open) => !open && close()}
      />
      <RotateKeyDialog
        brand={dialog?.kind === 'rotate' ? dialog.brand : null}
        onOpenChange={(open) => !open && close()}
      />
    </section>
  );
}
