import type { Dispatch } from 'react';
import { CONDITION_LABELS, DATA_TYPE_LABELS } from '@/lib/conditions';
import type { AttributeOptionGroup } from '@/lib/contracts/customer-profiles';
import { ConditionValueInput } from '@/components/conditions/condition-value-input';
import { valueKindFor } from '@/components/conditions/value-kind';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { EMPTY_LIST_TEXT } from '@/components/ui/dropdown-parts';
import { TrashIcon } from '@/components/ui/icons';
import { compactControl } from '@/components/ui/select-field';
import { operatorsFor, type FilterAction, type FilterRow } from '../lib/condition-filter';

export interface ConditionRowProps {
  row: FilterRow;
  /** 1-based position, used in the accessible names ("Condition 2 attribute"). */
  position: number;
  groups: readonly AttributeOptionGroup[];
  optionsLoading: boolean;
  dispatch: Dispatch<FilterAction>;
}

/** One condition: attribute picker, condition type and a value input matching the type. */
export function ConditionRow({
  row,
  position,
  groups,
  optionsLoading,
  dispatch,
}: ConditionRowProps) {
  const label = `Condition ${position}`;
  const hasOptions = groups.some((group) => group.options.length > 0);
  const kind =
    row.data_type && row.condition_type ? valueKindFor(row.data_type, row.condition_type) : 'unset';

  const selectAttribute = (key: string) => {
    for (const group of groups) {
      const option = group.options.find((o) => o.value === key);
      if (option) {
        dispatch({ type: 'selectAttribute', id: row.id, key, dataType: option.data_type });
        return;
      }
    }
  };

  return (
    <li className="flex flex-wrap items-center gap-2">
      <select
        aria-label={`${label} attribute`}
        value={row.customer_key}
        disabled={optionsLoading}
        onChange={(e) => selectAttribute(e.target.value)}
        className={cn(compactControl, 'w-56')}
      >
        <option value="" disabled>
          {optionsLoading
            ? 'Loading…'
            : hasOptions
              ? 'Select attribute'
              : EMPTY_LIST_TEXT['no-data']}
        </option>
        {groups
          .filter((group) => group.options.length > 0)
          .map((group) => (
            <optgroup key={group.group} label={group.group}>
              {group.options.map((o) => (
                <option key={`${group.group}:${o.value}`} value={o.value}>
                  {o.label} ({DATA_TYPE_LABELS[o.data_type]})
                </option>
              ))}
            </optgroup>
          ))}
      </select>
      <select
        aria-label={`${label} condition type`}
        value={row.condition_type ?? ''}
        disabled={!row.data_type}
        onChange={(e) =>
          row.data_type &&
          dispatch({
            type: 'selectCondition',
            id: row.id,
            conditionType:
              operatorsFor(row.data_type).find((t) => t === e.target.value) ??
              operatorsFor(row.data_type)[0],
          })
        }
        className={cn(compactControl, 'w-48')}
      >
        {row.data_type ? null : <option value="">Condition</option>}
        {row.data_type
          ? operatorsFor(row.data_type).map((t) => (
              <option key={t} value={t}>
                {CONDITION_LABELS[t]}
              </option>
            ))
          : null}
      </select>
      {/* Keyed by kind: a text input must not turn into a number input in place. */}
      <ConditionValueInput
        key={kind}
        label={label}
        kind={kind}
        numbers="native"
        value={row.value}
        onChange={(value) => dispatch({ type: 'setValue', id: row.id, value: value ?? '' })}
      />
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Remove condition ${position}`}
        onClick={() => dispatch({ type: 'remove', id: row.id })}
      >
        <TrashIcon className="h-4 w-4" />
      </Button>
    </li>
  );
}
