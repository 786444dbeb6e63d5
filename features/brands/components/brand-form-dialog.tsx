import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useForm } from 'react-hook-form';
import { brandBody, type Brand, type BrandBody } from '@/lib/contracts/brands';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { notify } from '@/components/ui/toast';
import type { ApiError } from '@/api/http';
import { useCreateBrand } from '../hooks/use-create-brand';
import { useUpdateBrand } from '../hooks/use-update-brand';
import { browserTimeZone, timeZones } from '../lib/time-zones';

export interface BrandFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this product; create a new one when absent. */
  brand?: Brand;
  onSaved?: (brand: Brand) => void;
}

/** "Add product" / "Edit product" dialog (brandBody contract). */
export function BrandFormDialog({ open, onOpenChange, brand, onSaved }: BrandFormDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={brand ? 'Edit product' : 'Add product'}
      description={
        brand
          ? undefined
          : 'Add the website you want to track. You get a write key for its tracking snippet.'
      }
    >
      {/* Mounted only while open, so every opening starts from a fresh form. */}
      <BrandForm
        brand={brand}
        onCancel={() => onOpenChange(false)}
        onSaved={(b) => {
          onOpenChange(false);
          onSaved?.(b);
        }}
      />
    </Dialog>
  );
}

function ServerError({ error }: { error: ApiError }) {
  if (error.code === 'plan_limit_reached') {
    return (
      <FormAlert>
        {error.message}{' '}
        <Link href={paths.plans()} className="font-semibold underline underline-offset-2">
          Upgrade your plan
        </Link>
      </FormAlert>
    );
  }
  return <FormAlert>{error.message}</FormAlert>;
}

function BrandForm({
  brand,
  onCancel,
  onSaved,
}: {
  brand?: Brand;
  onCancel: () => void;
  onSaved: (brand: Brand) => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(brandBody),
    mode: 'all',
    defaultValues: {
      name: brand?.name ?? '',
      domain: brand?.domain ?? '',
      time_zone: brand?.time_zone ?? browserTimeZone(),
    },
  });

  const onError = (error: ApiError) => {
    // Field errors from the server land under their field; the rest shows above the form.
    const details =
      (error.data as { details?: { path: string; message: string }[] } | null)?.details ?? [];
    for (const d of details)
      if (d.path === 'name' || d.path === 'domain' || d.path === 'time_zone')
        setError(d.path, { message: d.message });
  };
  const create = useCreateBrand({
    onSuccess: (b) => {
      notify.success(MESSAGES.brands.created);
      onSaved(b);
    },
    onError,
  });
  const update = useUpdateBrand({
    onSuccess: (b) => {
      notify.success(MESSAGES.brands.updated);
      onSaved(b);
    },
    onError,
  });
  const mutation = brand ? update : create;

  const submit = (body: BrandBody) =>
    brand ? update.mutate({ id: brand.id, body }) : create.mutate(body);

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="flex flex-col gap-4">
      {mutation.error ? <ServerError error={mutation.error} /> : null}
      <TextField
        label="Name"
        placeholder="My web app"
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label="Website domain"
        placeholder="example.com"
        autoComplete="off"
        hint="The site where you will install the tracking snippet."
        error={errors.domain?.message}
        {...register('domain')}
      />
      <TextField
        label="Time zone"
        placeholder="UTC"
        autoComplete="off"
        list="brand-time-zones"
        hint="Reports count days on this clock."
        error={errors.time_zone?.message}
        {...register('time_zone')}
      />
      <datalist id="brand-time-zones">
        {timeZones().map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      <div className="mt-2 flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={mutation.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={mutation.isPending}>
          {brand ? 'Save changes' : 'Create product'}
        </Button>
      </div>
    </form>
  );
}
