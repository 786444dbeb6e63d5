import { formatInteger } from '@/lib/format';
import { useId } from 'react';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { formatMoney, MAU_ADD_ON_BLOCK, MAU_ADD_ON_PRICE_CENTS, MAX_ADD_ONS } from '@/lib/billing';
import {
  addOnFloor,
  type AddOnAction,
  type AddOnRules,
  type AddOnState,
} from '../lib/order-summary';

const stepButton = cn(
  'flex h-9 w-9 items-center justify-center text-lg font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent',
  focusRing,
);

/** Props of the add-on stepper: its state, its bounds and where its actions go. */
export interface AddOnsPickerProps {
  state: AddOnState;
  rules: AddOnRules;
  maxedOut: boolean;
  onChange: (action: AddOnAction) => void;
}

/**
 * The MAU add-ons checkbox with its −/+ stepper (docs/product/screens.md#25-order-summary-dialog,
 * docs/product/validation.md#59-other-rules). Owned add-ons keep the box on (the parent refuses the
 * toggle with a toast); an add-on purchase holds it on.
 */
export function AddOnsPicker({ state, rules, maxedOut, onChange }: AddOnsPickerProps) {
  const checkboxId = useId();
  const inputId = useId();
  const errorId = useId();
  const floor = addOnFloor(rules);
  const stepperOff = !state.checked || maxedOut;
  const unit = formatInteger(MAU_ADD_ON_BLOCK);

  return (
    <section aria-label="Add-ons" className="rounded-lg border border-slate-200 p-4">
      <div className="flex items-start gap-3">
        <input
          id={checkboxId}
          type="checkbox"
          checked={state.checked}
          // An add-on purchase without owned add-ons has nothing to turn off: the box is fixed.
          disabled={rules.isBuyAddOns}
          onChange={() => onChange({ type: 'toggle' })}
          className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500"
        />
        <div>
          <label htmlFor={checkboxId} className="text-sm font-medium text-slate-900">
            Add MAU add-ons
          </label>
          <p className="text-sm text-slate-600">
            Each add-on adds {unit} monthly active users for {formatMoney(MAU_ADD_ON_PRICE_CENTS)}
            /month.
            {rules.owned > 0 ? ` You already have ${rules.owned}.` : null}
          </p>
        </div>
      </div>

      {maxedOut ? (
        <p className="mt-3 text-sm text-slate-600">
          You already have the maximum of {MAX_ADD_ONS} add-ons.
        </p>
      ) : (
        <div className="mt-3 flex flex-wrap items-center gap-3 pl-7">
          <label htmlFor={inputId} className="text-sm text-slate-700">
            Quantity
          </label>
          <div className="inline-flex items-center overflow-hidden rounded-md border border-slate-300">
            <button
              type="button"
              aria-label="Remove one add-on"
              aria-controls={inputId}
              className={stepButton}
              disabled={stepperOff || state.quantity <= floor}
              onClick={() => onChange({ type: 'decrement' })}
            >
              −
            </button>
            <input
              id={inputId}
              type="number"
              inputMode="numeric"
              min={floor}
              max={MAX_ADD_ONS}
              disabled={stepperOff}
              value={state.draft ?? (state.checked ? String(state.quantity) : '')}
              aria-invalid={state.error ? true : undefined}
              aria-describedby={state.error ? errorId : undefined}
              onChange={(e) => onChange({ type: 'type', text: e.target.value })}
              onBlur={() => onChange({ type: 'blur' })}
              className="h-9 w-14 border-x border-slate-300 text-center text-sm text-slate-900 [appearance:textfield] focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-500 disabled:bg-slate-50 disabled:text-slate-400 [&::-webkit-inner-spin-button]:appearance-none"
            />
            {/* Not disabled at 10: pressing it there explains the limit
                (docs/product/validation.md#59-other-rules). */}
            <button
              type="button"
              aria-label="Add one add-on"
              aria-controls={inputId}
              className={stepButton}
              disabled={stepperOff}
              onClick={() => onChange({ type: 'increment' })}
            >
              +
            </button>
          </div>
          {state.error ? (
            <p id={errorId} role="alert" className="w-full text-sm text-red-600">
              {state.error}
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}
