import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { brandBody, type Brand, type BrandBody } from '@/lib/contracts/brands';
import { MESSAGES } from '@/lib/messages';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { notify } from '@/components/ui/toast';
import type { ApiError } from '@/api/http';
import { useUpdateBrand } from '../hooks/use-update-brand';
import { timeZones } from '../lib/time-zones';

const FIELDS = ['name', 'domain', 'time_zone'] as const;

/**
 * Settings → General (docs/settings.md): the product's name, website domain and the time zone
 * its reports count days in, saved with PUT /v1/brands/{id}.
 */
export function BrandGeneralForm({ brand }: { brand: Brand }) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(brandBody),
    mode: 'all',
    defaultValues: { name: brand.name, domain: brand.domain, time_zone: brand.time_zone },
  });
  const update = useUpdateBrand({
    onSuccess: (saved) => {
      reset({ name: saved.name, domain: saved.domain, time_zone: saved.time_zone });
      notify.success(MESSAGES.settings.generalSaved);
    },
    onError: (error: ApiError) => {
      const details =
        (error.data as { details?: { path: string; message: string }[] } | null)?.details ?? [];
      for (const d of details)
        for (const field of FIELDS) if (d.path === field) setError(field, { message: d.message });
    },
  });
  // The saved zone is always offered, even one this browser does not list.
  const zones = [...new Set([brand.time_zone, ...timeZones()])].sort((a, b) =>
    a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b),
  );

  return (
    <form
      noValidate
      aria-label="General"
      onSubmit={handleSubmit((body: BrandBody) => update.mutate({ id: brand.id, body }))}
      className="flex max-w-xl flex-col gap-4"
    >
      {update.error ? <FormAlert>{update.error.message}</FormAlert> : null}
      <TextField
        label="Name"
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label="Website domain"
        autoComplete="off"
        placeholder="example.com"
        hint="The site where the tracking snippet runs; it and its subdomains may send events."
        error={errors.domain?.message}
        {...register('domain')}
      />
      <SelectField
        label="Report time zone"
        options={zones.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }))}
        error={errors.time_zone?.message}
        {...register('time_zone')}
      />
      <p className="-mt-2 text-sm text-slate-600">
        Reports, Home and tour reports count calendar days on this clock.
      </p>
      <div>
        <Button type="submit" loading={update.isPending}>
          Save general settings
        </Button>
      </div>
    </form>
  );
}
