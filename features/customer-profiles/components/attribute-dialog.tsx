import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import type { DataType } from '@/lib/conditions';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { notify } from '@/components/ui/toast';
import type { ApiError } from '@/api/http';
import { useCreateAttribute, useUpdateAttribute } from '../hooks/use-attribute-mutations';
import type {
  AttributeFieldKey,
  AttributeInput,
  AttributeKind,
  EditableAttribute,
} from '../lib/attribute-kinds';
import { DATA_TYPE_OPTIONS } from '../lib/data-type-options';
import { serverFieldErrors } from '../lib/server-field-errors';
import { SelectField } from '@/components/ui/select-field';

export interface AttributeDialogProps<
  K extends AttributeFieldKey,
  TItem,
  TAttribute extends EditableAttribute<K>,
> {
  /** Data or metadata attributes: endpoints, contract and wording. */
  kind: AttributeKind<K, TItem, TAttribute>;
  brandId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this attribute; create a new one when absent. */
  attribute?: TAttribute;
}

/** "Add data attribute" / "Edit metadata attribute" … (the kind's body contract). */
export function AttributeDialog<
  K extends AttributeFieldKey,
  TItem,
  TAttribute extends EditableAttribute<K>,
>({ kind, brandId, open, onOpenChange, attribute }: AttributeDialogProps<K, TItem, TAttribute>) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`${attribute ? 'Edit' : 'Add'} ${kind.labels.noun}`}
    >
      <AttributeForm
        kind={kind}
        brandId={brandId}
        attribute={attribute}
        onClose={() => onOpenChange(false)}
      />
    </Dialog>
  );
}

/** The form's values: the field name sits under the kind's key (field_name or custom_field_name). */
type AttributeFormValues = { [P in AttributeFieldKey]?: string } & {
  brand_id: unknown;
  name: string;
  data_type: DataType;
};

function AttributeForm<
  K extends AttributeFieldKey,
  TItem,
  TAttribute extends EditableAttribute<K>,
>({
  kind,
  brandId,
  attribute,
  onClose,
}: {
  kind: AttributeKind<K, TItem, TAttribute>;
  brandId: number;
  attribute?: TAttribute;
  onClose: () => void;
}) {
  const { fieldKey } = kind;
  const fields = [fieldKey, 'name', 'data_type'] as const;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AttributeFormValues, unknown, AttributeInput<K>>({
    // The kind's contract validates the form; its values differ from the others' only in the key
    // of the field name, which TypeScript cannot follow through the generic kind.
    resolver: zodResolver(kind.schema) as Resolver<AttributeFormValues, unknown, AttributeInput<K>>,
    mode: 'all',
    defaultValues: {
      brand_id: brandId,
      [fieldKey]: attribute?.[fieldKey] ?? '',
      name: attribute?.name ?? '',
      data_type: attribute?.data_type ?? 'string',
    },
  });

  const onError = (error: ApiError) => {
    for (const m of serverFieldErrors(error, fields, fieldKey))
      setError(m.field, { message: m.message });
  };
  const saved = (message: string) => () => {
    notify.success(message);
    onClose();
  };
  const create = useCreateAttribute(kind, brandId, {
    onSuccess: saved(kind.messages.created),
    onError,
  });
  const update = useUpdateAttribute(kind, brandId, {
    onSuccess: saved(kind.messages.updated),
    onError,
  });
  const mutation = attribute ? update : create;
  const unplaced =
    mutation.error && serverFieldErrors(mutation.error, fields, fieldKey).length === 0;

  const submit = (body: AttributeInput<K>) =>
    attribute ? update.mutate({ id: attribute.id, body }) : create.mutate(body);

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="flex flex-col gap-4">
      {unplaced ? <FormAlert>{mutation.error?.message}</FormAlert> : null}
      <TextField
        label="Field name"
        placeholder={kind.labels.fieldNamePlaceholder}
        autoComplete="off"
        maxLength={63}
        hint={kind.labels.fieldNameHint}
        error={errors[fieldKey]?.message}
        {...register(fieldKey)}
      />
      <TextField
        label="Name"
        placeholder={kind.labels.namePlaceholder}
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
