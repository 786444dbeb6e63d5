import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  metadataAttributeBody,
  type MetadataAttribute,
  type MetadataAttributeInput,
} from '@/lib/contracts/customer-profiles';
import { MESSAGES } from '@/lib/messages';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { notify } from '@/components/ui/toast';
import type { ApiError } from '@/services/http';
import { useCreateMetadataAttribute } from '../hooks/use-create-metadata-attribute';
import { useUpdateMetadataAttribute } from '../hooks/use-update-metadata-attribute';
import { DATA_TYPE_OPTIONS } from '../lib/data-type-options';
import { serverFieldErrors } from '../lib/server-field-errors';
import { SelectField } from './select-field';

export interface MetadataAttributeDialogProps {
  brandId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this attribute; create a new one when absent. */
  attribute?: MetadataAttribute;
}

/** "Add metadata attribute" / "Edit metadata attribute" (metadataAttributeBody contract). */
export function MetadataAttributeDialog({
  brandId,
  open,
  onOpenChange,
  attribute,
}: MetadataAttributeDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={attribute ? 'Edit metadata attribute' : 'Add metadata attribute'}
    >
      <MetadataAttributeForm
        brandId={brandId}
        attribute={attribute}
        onClose={() => onOpenChange(false)}
      />
    </Dialog>
  );
}

const FIELDS = ['custom_field_name', 'name', 'data_type'] as const;

function MetadataAttributeForm({
  brandId,
  attribute,
  onClose,
}: {
  brandId: number;
  attribute?: MetadataAttribute;
  onClose: () => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(metadataAttributeBody),
    mode: 'all',
    defaultValues: {
      brand_id: brandId,
      custom_field_name: attribute?.custom_field_name ?? '',
      name: attribute?.name ?? '',
      data_type: attribute?.data_type ?? 'string',
    },
  });

  const onError = (error: ApiError) => {
    for (const m of serverFieldErrors(error, FIELDS, 'custom_field_name'))
      setError(m.field, { message: m.message });
  };
  const saved = (message: string) => () => {
    notify.success(message);
    onClose();
  };
  const create = useCreateMetadataAttribute(brandId, {
    onSuccess: saved(MESSAGES.profiles.metadataCreated),
    onError,
  });
  const update = useUpdateMetadataAttribute(brandId, {
    onSuccess: saved(MESSAGES.profiles.metadataUpdated),
    onError,
  });
  const mutation = attribute ? update : create;
  const unplaced =
    mutation.error && serverFieldErrors(mutation.error, FIELDS, 'custom_field_name').length === 0;

  const submit = (body: MetadataAttributeInput) =>
    attribute ? update.mutate({ id: attribute.id, body }) : create.mutate(body);

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="flex flex-col gap-4">
      {unplaced ? <FormAlert>{mutation.error?.message}</FormAlert> : null}
      <TextField
        label="Field name"
        placeholder="plan_name"
        autoComplete="off"
        maxLength={63}
        hint="Letters, digits and underscores; the key in identify() traits.metadata."
        error={errors.custom_field_name?.message}
        {...register('custom_field_name')}
      />
      <TextField
        label="Name"
        placeholder="Plan name"
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <SelectField
        label="Data type"
        options={DATA_TYPE_OPTIONS}
        error={errors.data_type?.message}
        {...register('data_type')}
      />
      <div className="mt-2 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={mutation.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={mutation.isPending}>
          {attribute ? 'Save changes' : 'Create attribute'}
        </Button>
      </div>
    </form>
  );
}
