import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  dataAttributeBody,
  type DataAttribute,
  type DataAttributeInput,
} from '@/lib/contracts/customer-profiles';
import { MESSAGES } from '@/lib/messages';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { notify } from '@/components/ui/toast';
import type { ApiError } from '@/services/http';
import { useCreateDataAttribute } from '../hooks/use-create-data-attribute';
import { useUpdateDataAttribute } from '../hooks/use-update-data-attribute';
import { DATA_TYPE_OPTIONS } from '../lib/data-type-options';
import { serverFieldErrors } from '../lib/server-field-errors';
import { SelectField } from './select-field';

/** A brand's own data attribute: system ones (id null) cannot be edited. */
export type CustomDataAttribute = DataAttribute & { id: number };

export interface DataAttributeDialogProps {
  brandId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this attribute; create a new one when absent. */
  attribute?: CustomDataAttribute;
}

/** "Add data attribute" / "Edit data attribute" (dataAttributeBody contract). */
export function DataAttributeDialog({
  brandId,
  open,
  onOpenChange,
  attribute,
}: DataAttributeDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={attribute ? 'Edit data attribute' : 'Add data attribute'}
    >
      <DataAttributeForm
        brandId={brandId}
        attribute={attribute}
        onClose={() => onOpenChange(false)}
      />
    </Dialog>
  );
}

const FIELDS = ['field_name', 'name', 'data_type'] as const;

function DataAttributeForm({
  brandId,
  attribute,
  onClose,
}: {
  brandId: number;
  attribute?: CustomDataAttribute;
  onClose: () => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(dataAttributeBody),
    mode: 'all',
    defaultValues: {
      brand_id: brandId,
      field_name: attribute?.field_name ?? '',
      name: attribute?.name ?? '',
      data_type: attribute?.data_type ?? 'string',
    },
  });

  const onError = (error: ApiError) => {
    for (const m of serverFieldErrors(error, FIELDS, 'field_name'))
      setError(m.field, { message: m.message });
  };
  const saved = (message: string) => () => {
    notify.success(message);
    onClose();
  };
  const create = useCreateDataAttribute(brandId, {
    onSuccess: saved(MESSAGES.profiles.attributeCreated),
    onError,
  });
  const update = useUpdateDataAttribute(brandId, {
    onSuccess: saved(MESSAGES.profiles.attributeUpdated),
    onError,
  });
  const mutation = attribute ? update : create;
  const unplaced =
    mutation.error && serverFieldErrors(mutation.error, FIELDS, 'field_name').length === 0;

  const submit = (body: DataAttributeInput) =>
    attribute ? update.mutate({ id: attribute.id, body }) : create.mutate(body);

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="flex flex-col gap-4">
      {unplaced ? <FormAlert>{mutation.error?.message}</FormAlert> : null}
      <TextField
        label="Field name"
        placeholder="company_size"
        autoComplete="off"
        maxLength={63}
        hint="Letters, digits and underscores; the trait key sent with identify()."
        error={errors.field_name?.message}
        {...register('field_name')}
      />
      <TextField
        label="Name"
        placeholder="Company size"
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
