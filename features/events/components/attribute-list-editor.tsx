import {
  useFieldArray,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { DATA_TYPES, DATA_TYPE_LABELS } from '@/lib/conditions';
import { TEXT_MAX_LENGTH } from '@/lib/constants';
import type { EventBody, EventInput } from '@/lib/contracts/events';
import { Button, focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { FieldError } from '@/components/ui/field-error';
import { PlusIcon, TrashIcon } from '@/components/ui/icons';

export interface AttributeListEditorProps {
  control: Control<EventInput, unknown, EventBody>;
  register: UseFormRegister<EventInput>;
  errors: FieldErrors<EventInput>['attributes'];
}

const INPUT = cn(
  'h-9 w-full rounded-md border bg-white px-2.5 text-sm text-slate-900 placeholder:text-slate-400',
  focusRing,
  'focus-visible:ring-offset-0',
);

/** The event's attributes: rows of code, name and data type; add and remove rows. */
export function AttributeListEditor({ control, register, errors }: AttributeListEditorProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'attributes' });
  // The contract's list-level rule (unique codes) lands on the array itself.
  const listError = errors?.root?.message ?? errors?.message;

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-sm font-medium text-slate-700">Attributes</legend>
      {fields.length === 0 ? (
        <p className="text-sm text-slate-500">
          No attributes. Add the properties this event carries.
        </p>
      ) : (
        <ul aria-label="Attributes" className="flex flex-col gap-2">
          {fields.map((field, index) => {
            const rowErrors = errors?.[index];
            const n = index + 1;
            return (
              <li
                key={field.id}
                className="grid grid-cols-1 gap-2 sm:grid-cols-[1fr_1fr_9rem_auto]"
              >
                <div className="flex flex-col gap-1">
                  <input
                    aria-label={`Attribute ${n} code`}
                    placeholder="Code, e.g. plan_name"
                    maxLength={TEXT_MAX_LENGTH}
                    autoComplete="off"
                    aria-invalid={rowErrors?.code ? true : undefined}
                    className={cn(INPUT, rowErrors?.code ? 'border-red-500' : 'border-slate-300')}
                    {...register(`attributes.${index}.code`)}
                  />
                  <FieldError message={rowErrors?.code?.message} />
                </div>
                <div className="flex flex-col gap-1">
                  <input
                    aria-label={`Attribute ${n} name`}
                    placeholder="Name, e.g. Plan name"
                    maxLength={TEXT_MAX_LENGTH}
                    autoComplete="off"
                    aria-invalid={rowErrors?.name ? true : undefined}
                    className={cn(INPUT, rowErrors?.name ? 'border-red-500' : 'border-slate-300')}
                    {...register(`attributes.${index}.name`)}
                  />
                  <FieldError message={rowErrors?.name?.message} />
                </div>
                <div className="flex flex-col gap-1">
                  <select
                    aria-label={`Attribute ${n} data type`}
                    className={cn(INPUT, 'border-slate-300')}
                    {...register(`attributes.${index}.data_type`)}
                  >
                    {DATA_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {DATA_TYPE_LABELS[type]}
                      </option>
                    ))}
                  </select>
                  <FieldError message={rowErrors?.data_type?.message} />
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove attribute ${n}`}
                  className="h-9 text-red-600 hover:bg-red-50 hover:text-red-700"
                  onClick={() => remove(index)}
                >
                  <TrashIcon className="h-4 w-4" />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <FieldError message={listError} />
      <div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => append({ code: '', name: '', data_type: 'string' })}
        >
          <PlusIcon className="h-4 w-4" />
          Add attribute
        </Button>
      </div>
    </fieldset>
  );
}
