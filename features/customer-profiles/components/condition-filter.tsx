import { useReducer } from 'react';
import type { AttributeCondition } from '@/lib/conditions';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { FormAlert } from '@/components/ui/form-alert';
import { PlusIcon } from '@/components/ui/icons';
import { useAttributeOptions } from '@/hooks/use-attribute-options';
import {
  MAX_FILTER_CONDITIONS,
  filterReducer,
  initialFilterState,
  toAttributeConditions,
  type ConditionOperator,
} from '../lib/condition-filter';
import { ConditionRow } from './condition-row';

export interface ConditionFilterProps {
  brandId: number;
  onApply: (conditions: AttributeCondition[], operator: ConditionOperator) => void;
}

const OPERATORS: readonly ConditionOperator[] = ['AND', 'OR'];

/** The attribute-condition filter of the profile list; sends only on Apply. */
export function ConditionFilter({ brandId, onApply }: ConditionFilterProps) {
  const [state, dispatch] = useReducer(filterReducer, initialFilterState);
  const options = useAttributeOptions(brandId);
  const groups = options.data ?? [];

  return (
    <fieldset className="rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-medium text-slate-700">Filter by attributes</legend>
      {options.isError ? <FormAlert className="mb-3">{options.error.message}</FormAlert> : null}
      {state.rows.length > 1 ? (
        <div role="group" aria-label="Combine conditions with" className="mb-3 inline-flex">
          {OPERATORS.map((op, i) => (
            <button
              key={op}
              type="button"
              aria-pressed={state.operator === op}
              onClick={() => dispatch({ type: 'setOperator', operator: op })}
              className={cn(
                'h-8 border border-slate-300 px-3 text-xs font-semibold',
                i === 0 ? 'rounded-l-md' : '-ml-px rounded-r-md',
                state.operator === op
                  ? 'z-10 border-brand-600 bg-brand-600 text-white'
                  : 'bg-white text-slate-700 hover:bg-slate-50',
              )}
            >
              {op}
            </button>
          ))}
        </div>
      ) : null}
      {state.rows.length > 0 ? (
        <ol aria-label="Conditions" className="mb-3 flex flex-col gap-2">
          {state.rows.map((row, i) => (
            <ConditionRow
              key={row.id}
              row={row}
              position={i + 1}
              groups={groups}
              optionsLoading={options.isPending}
              dispatch={dispatch}
            />
          ))}
        </ol>
      ) : (
        <p className="mb-3 text-sm text-slate-500">
          No conditions. Add one to narrow the list by attribute or metadata values.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {state.rows.length < MAX_FILTER_CONDITIONS ? (
          <Button variant="secondary" size="sm" onClick={() => dispatch({ type: 'add' })}>
            <PlusIcon className="h-4 w-4" />
            Add condition
          </Button>
        ) : null}
        <Button
          size="sm"
          onClick={() => onApply(toAttributeConditions(state.rows), state.operator)}
        >
          Apply
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            dispatch({ type: 'clear' });
            onApply([], 'AND');
          }}
        >
          Clear
        </Button>
      </div>
    </fieldset>
  );
}
