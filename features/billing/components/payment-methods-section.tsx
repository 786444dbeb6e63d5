import { useState } from 'react';
import type { PaymentMethod } from '@/lib/contracts/payments';
import { MESSAGES } from '@/lib/messages';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { PlusIcon } from '@/components/ui/icons';
import { RowsSkeleton } from '@/components/ui/skeleton';
import { notify } from '@/components/ui/toast';
import { useDeletePaymentMethod } from '../hooks/use-delete-payment-method';
import { usePaymentMethods } from '../hooks/use-payment-methods';
import { useSetDefaultPaymentMethod } from '../hooks/use-set-default-payment-method';
import { BRAND_LABELS, cardExpiry } from '../lib/plan-display';
import { CardForm } from './card-form';
import { RetryAlert } from '@/components/ui/retry-alert';

/** "Visa ending in 4242": how a card is named to screen readers and in the delete question. */
const cardName = (card: PaymentMethod) => `${BRAND_LABELS[card.brand]} ending in ${card.last4}`;

function CardRow(props: {
  card: PaymentMethod;
  settingDefault: boolean;
  onSetDefault: () => void;
  onDelete: () => void;
}) {
  const { card } = props;
  return (
    <li
      aria-label={cardName(card)}
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 px-4 py-3"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="text-sm font-semibold text-slate-900">{BRAND_LABELS[card.brand]}</span>
        <span className="font-mono text-sm tabular-nums text-slate-700">•••• {card.last4}</span>
        <span className="text-sm text-slate-500">Expires {cardExpiry(card)}</span>
        {card.is_default ? (
          <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
            Default
          </span>
        ) : null}
      </div>
      <div className="flex items-center gap-2">
        {card.is_default ? null : (
          <Button
            variant="secondary"
            size="sm"
            loading={props.settingDefault}
            onClick={props.onSetDefault}
            aria-label={`Set ${cardName(card)} as default`}
          >
            Set as default
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          onClick={props.onDelete}
          aria-label={`Delete ${cardName(card)}`}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}

/** Saved cards: add one, choose the default, delete with confirmation. */
export function PaymentMethodsSection() {
  const cards = usePaymentMethods();
  const [adding, setAdding] = useState(false);
  const [doomed, setDoomed] = useState<PaymentMethod | null>(null);
  const setDefault = useSetDefaultPaymentMethod({
    onSuccess: () => notify.success(MESSAGES.payments.cardSetDefault),
    onError: (error) => notify.error(error.message),
  });
  const remove = useDeletePaymentMethod({
    onSuccess: () => {
      setDoomed(null);
      notify.success(MESSAGES.payments.cardDeleted);
    },
    onError: (error) => notify.error(error.message),
  });

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          The default card pays for plan changes, add-ons and renewals.
        </p>
        <Button variant="secondary" onClick={() => setAdding(true)}>
          <PlusIcon className="h-4 w-4" />
          Add card
        </Button>
      </div>

      {cards.isPending ? (
        <RowsSkeleton label="Loading cards" columns={['w-20', 'w-16', 'w-28', 'ml-auto w-24']} />
      ) : null}
      {cards.isError ? (
        <RetryAlert message={cards.error.message} onRetry={() => void cards.refetch()} />
      ) : null}
      {cards.isSuccess && cards.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-6 py-8 text-center text-sm text-slate-600">
          No cards yet
        </p>
      ) : null}
      {cards.isSuccess && cards.data.length > 0 ? (
        <ul aria-label="Saved cards" className="flex flex-col gap-2">
          {cards.data.map((card) => (
            <CardRow
              key={card.id}
              card={card}
              settingDefault={setDefault.isPending && setDefault.variables === card.id}
              onSetDefault={() => setDefault.mutate(card.id)}
              onDelete={() => setDoomed(card)}
            />
          ))}
        </ul>
      ) : null}

      <Dialog open={adding} onOpenChange={setAdding} title="Add card">
        <CardForm onAdded={() => setAdding(false)} onCancel={() => setAdding(false)} />
      </Dialog>
      <ConfirmDialog
        open={doomed !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setDoomed(null);
        }}
        title="Delete card"
        description={
          doomed
            ? `Delete ${cardName(doomed)}? It can no longer pay for your plan.${doomed.is_default ? ' Your next card becomes the default.' : ''}`
            : ''
        }
        confirmLabel="Delete"
        variant="danger"
        pending={remove.isPending}
        onConfirm={() => {
          if (doomed) remove.mutate(doomed.id);
        }}
      />
    </div>
  );
}
