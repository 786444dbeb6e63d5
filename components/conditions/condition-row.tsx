import { useId } from 'react';
import { CONDITION_LABELS } from '@/lib/conditions';
import { MESSAGES } from '@/lib/messages';
import { ConditionValueInput } from './condition-value-input';
import { valueKindFor } from './value-kind';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { FieldError } from '@/components/ui/field-error';
import { TrashIcon } from '@/components/ui/icons';
import { compactControl } from '@/components/ui/select-field';
import { conditionTypesFor, selectAttribute, selectConditionType } from '@/lib/condition-rows';
import type { ConditionDraftRow } from './condition-rows';
import {
  ConditionAttributePicker,
  type AttributePickerGroup,
  type AttributePickerOption,
} from './condition-attribute-picker';

export interface ConditionRowProps {
  row: ConditionDraftRow;
  /** 1-based position, used in the accessible names ("Condition 2 attribute"). */
  position: number;
  groups: readonly AttributePickerGroup[];
  /** Once the options have loaded, a saved key missing from them is flagged. */
  optionsLoaded: boolean;
  onChange: (row: ConditionDraftRow) => void;
  /** Absent in read-only mode: no remove button. */
  onRemove?: () => void;
  disabled?: boolean;
}

const findOption = (groups: readonly AttributePickerGroup[], key: string) =>
  groups.flatMap((g) => g.options).find((o) => o.value === key);

/** One condition: attribute picker, condition type and a value input matching both. */
export function ConditionRow({
  row,
  position,
  groups,
  optionsLoaded,
  onChange,
  onRemove,
  disabled = false,
}: ConditionRowProps) {
  const label = `Condition ${position}`;
  const errorId = useId();
  const option = row.key ? findOption(groups, row.key) : undefined;
  const dataType = option?.dataType ?? null;
  const missing = optionsLoaded && row.key !== '' && !option;
  const kind = valueKindFor(dataType, row.condition_type, row.value);
  // A vanished attribute keeps its saved type on offer; its data type is unknown.
  const types = dataType
    ? conditionTypesFor(dataType)
    : row.condition_type
      ? [row.condition_type]
      : [];

  return (
    <li className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <ConditionAttributePicker
          label={`${label} attribute`}
          groups={groups}
          value={row.key}
          disabled={disabled}
          invalid={missing}
          describedBy={missing ? errorId : undefined}
          onChange={(o: AttributePickerOption) =>
            onChange(selectAttribute(row, o.value, o.dataType))
          }
        />
        <select
          aria-label={`${label} condition type`}
          value={row.condition_type ?? ''}
          disabled={disabled || types.length === 0}
          onChange={(e) => {
            const next = types.find((t) => t === e.target.value);
            if (next) onChange(selectConditionType(row, next));
          }}
          className={cn(compactControl, 'w-48')}
        >
          {types.length === 0 ? <option value="">Condition</option> : null}
          {types.map((t) => (
            <option key={t} value={t}>
              {CONDITION_LABELS[t]}
            </option>
          ))}
        </select>
        {/* Keyed by kind: a date input must not turn into a text input in place. */}
        <ConditionValueInput
          key={kind}
          label={label}
          kind={kind}
          value={row.value}
          disabled={disabled}
          onChange={(value) => onChange({ ...row, value })}
        />
        {onRemove ? (
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Remove condition ${position}`}
            onClick={onRemove}
          >
            <TrashIcon className="h-4 w-4" />
          </Button>
        ) : null}
      </div>
      <FieldError id={errorId} message={missing ? MESSAGES.flows.triggerDataMissing : undefined} />
    </li>
  );
}
