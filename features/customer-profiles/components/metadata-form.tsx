import { useForm } from 'react-hook-form';
import type { DataType } from '@/lib/conditions';
import type { CustomerProfile, MetadataAttribute } from '@/lib/contracts/customer-profiles';
import { MESSAGES } from '@/lib/messages';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { notify } from '@/components/ui/toast';
import { useUpdateProfileMetadata } from '../hooks/use-update-profile-metadata';
import { changedMetadata, metadataFormValues } from '../lib/metadata-values';
import { SelectField } from '@/components/ui/select-field';

/** profileMetadataBody allows text values up to 1000 characters. */
const METADATA_TEXT_MAX = 1000;

const BOOLEAN_OPTIONS = [
  { value: '', label: 'Not set' },
  { value: 'true', label: 'True' },
  { value: 'false', label: 'False' },
];

const INPUT_TYPES: Record<DataType, string> = {
  string: 'text',
  list: 'text',
  number: 'number',
  date: 'date',
  boolean: 'text',
};

export interface MetadataFormProps {
  profile: CustomerProfile;
  attributes: readonly MetadataAttribute[];
  onDone: () => void;
}

/** Inline editor of a profile's metadata: one input per attribute, typed by its data type. */
export function MetadataForm({ profile, attributes, onDone }: MetadataFormProps) {
  const initial = metadataFormValues(profile.metadata, attributes);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Record<string, string>>({
    defaultValues: initial,
  });
  const save = useUpdateProfileMetadata({
    onSuccess: () => {
      notify.success(MESSAGES.profiles.metadataSaved);
      onDone();
    },
    onError: (error) => {
      const details =
        (error.data as { details?: { path: string; message: string }[] } | null)?.details ?? [];
      for (const d of details) {
        const key = d.path.replace(/^metadata\./, '');
        if (key in initial) setError(key, { message: d.message });
      }
    },
  });

  const submit = (values: Record<string, string>) => {
    const metadata = changedMetadata(initial, values, attributes);
    if (Object.keys(metadata).length === 0) onDone();
    else save.mutate({ id: profile.id, metadata });
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="flex flex-col gap-3">
      {save.error ? <FormAlert>{save.error.message}</FormAlert> : null}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {attributes.map((a) =>
          a.data_type === 'boolean' ? (
            <SelectField
              key={a.id}
              label={a.name}
              options={BOOLEAN_OPTIONS}
              error={errors[a.custom_field_name]?.message}
              {...register(a.custom_field_name)}
            />
          ) : (
            <TextField
              key={a.id}
              label={a.name}
              type={INPUT_TYPES[a.data_type]}
              step={a.data_type === 'number' ? 'any' : undefined}
              maxLength={METADATA_TEXT_MAX}
              hint={a.data_type === 'list' ? 'Stored as text.' : undefined}
              error={errors[a.custom_field_name]?.message}
              {...register(a.custom_field_name)}
            />
          ),
        )}
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" size="sm" loading={save.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
