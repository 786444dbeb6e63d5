import type { PaymentMethod } from '@/lib/contracts/payments';
import { cn } from '@/components/ui/cn';
import { cardExpiry, cardLabel } from '../lib/plan-display';
import { CardForm } from './card-form';

/** The new-card option of the card choice. */
export const NEW_CARD = 'new' as const;
export type CardChoiceValue = number | typeof NEW_CARD;

export interface CardChoiceProps {
  cards: PaymentMethod[];
  value: CardChoiceValue;
  onChange: (value: CardChoiceValue) => void;
  disabled?: boolean;
}

/** Pay with a saved card (the default is preselected) or add a new one here. */
export function CardChoice({ cards, value, onChange, disabled }: CardChoiceProps) {
  const option = (selected: boolean) =>
    cn(
      'flex cursor-pointer items-center gap-3 rounded-lg border p-3 text-sm',
      selected ? 'border-brand-500 bg-brand-50' : 'border-slate-200 hover:bg-slate-50',
    );
  return (
    <fieldset disabled={disabled} className="flex flex-col gap-2">
      <legend className="mb-2 text-base font-semibold text-slate-900">Payment method</legend>
      {cards.map((card) => (
        <label key={card.id} className={option(value === card.id)}>
          <input
            type="radio"
            name="card"
            className="accent-brand-600"
            checked={value === card.id}
            onChange={() => onChange(card.id)}
          />
          <span className="font-medium text-slate-900">{cardLabel(card)}</span>
          <span className="text-slate-500">expires {cardExpiry(card)}</span>
          {card.is_default ? (
            <span className="ml-auto rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
              Default
            </span>
          ) : null}
        </label>
      ))}
      <label className={option(value === NEW_CARD)}>
        <input
          type="radio"
          name="card"
          className="accent-brand-600"
          checked={value === NEW_CARD}
          onChange={() => onChange(NEW_CARD)}
        />
        <span className="font-medium text-slate-900">Use a new card</span>
      </label>
      {value === NEW_CARD && !disabled ? (
        <div className="rounded-lg border border-slate-200 p-4">
          <CardForm submitLabel="Save card" onAdded={(card) => onChange(card.id)} />
        </div>
      ) : null}
    </fieldset>
  );
}
