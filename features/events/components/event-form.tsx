import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { eventBody, type EventBody, type EventInput } from '@/lib/contracts/events';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import type { ApiError } from '@/api/http';
import { AttributeListEditor } from './attribute-list-editor';

export interface EventFormProps {
  defaultValues: EventInput;
  submitLabel: string;
  pending: boolean;
  onSubmit: (body: EventBody) => void;
  /** The last failed save: field errors land under their fields, others above the form. */
  serverError?: ApiError | null;
  /** Extra actions beside the submit button (delete). */
  actions?: ReactNode;
}

interface ErrorDetail {
  path: string;
  message: string;
}

function detailsOf(error: ApiError): ErrorDetail[] {
  const data = error.data as { details?: ErrorDetail[] } | null;
  return Array.isArray(data?.details) ? data.details : [];
}

const FIELD_PATH = /^(name|code|attributes\.\d+\.(code|name|data_type))$/;

/** Create and edit form of an event (eventBody contract): name, code and the attribute list. */
export function EventForm({
  defaultValues,
  submitLabel,
  pending,
  onSubmit,
  serverError,
  actions,
}: EventFormProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EventInput, unknown, EventBody>({
    resolver: zodResolver(eventBody),
    mode: 'all',
    defaultValues,
  });

  useEffect(() => {
    if (!serverError) return;
    // A taken code is the code field's problem (409 code_taken).
    if (serverError.code === 'code_taken') setError('code', { message: serverError.message });
    for (const d of detailsOf(serverError))
      if (FIELD_PATH.test(d.path)) setError(d.path as 'name', { message: d.message });
  }, [serverError, setError]);

  const unplaced =
    serverError && serverError.code !== 'code_taken' && detailsOf(serverError).length === 0;

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex max-w-3xl flex-col gap-5">
      {unplaced ? <FormAlert>{serverError.message}</FormAlert> : null}
      {errors.brand_id?.message ? <FormAlert>{errors.brand_id.message}</FormAlert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          placeholder="Signed up"
          autoComplete="off"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="Code"
          placeholder="signed_up"
          autoComplete="off"
          hint="The event name your website sends with track()."
          error={errors.code?.message}
          {...register('code')}
        />
      </div>
      <AttributeListEditor control={control} register={register} errors={errors.attributes} />
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-4">
        <div>{actions}</div>
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
