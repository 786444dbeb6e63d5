import { useState } from 'react';
import { formatBillingDate, formatMoney, PAYMENT_HISTORY_PAGE_SIZE } from '@/lib/billing';
import type { Payment } from '@/lib/contracts/payments';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { FormAlert } from '@/components/ui/form-alert';
import { RowsSkeleton } from '@/components/ui/skeleton';
import { usePaymentHistory } from '../hooks/use-payment-history';
import { cardLabel } from '../lib/plan-display';
import { RetryAlert } from '@/components/ui/retry-alert';

const TH = 'px-3 py-2 text-left text-xs font-medium uppercase tracking-wide text-slate-500';
const TD = 'px-3 py-2.5 text-sm text-slate-700';

const cardText = (card: Payment['card']) => (card ? cardLabel(card) : '—');

function HistoryTable({ payments, busy }: { payments: Payment[]; busy: boolean }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table
        aria-busy={busy || undefined}
        className={cn('min-w-full divide-y divide-slate-200', busy && 'opacity-60')}
      >
        <caption className="sr-only">Payment history</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={TH}>
              Date
            </th>
            <th scope="col" className={TH}>
              Description
            </th>
            <th scope="col" className={TH}>
              Card
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Amount
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {payments.map((payment) => (
            <tr key={payment.id}>
              <td className={`${TD} tabular-nums`}>{formatBillingDate(payment.created_at)}</td>
              <th scope="row" className={`${TD} text-left font-medium text-slate-900`}>
                {payment.description}
              </th>
              <td className={TD}>{cardText(payment.card)}</td>
              <td className={`${TD} text-right tabular-nums`}>{formatMoney(payment.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Paid payments, newest first, five per page (docs/product/api.md#user-subscription-and-payments,
 * docs/product/constants.md#timing-paging-and-caches).
 */
export function PaymentHistorySection() {
  const [page, setPage] = useState(1);
  const history = usePaymentHistory(page);

  if (history.isPending)
    return (
      <RowsSkeleton label="Loading payments" columns={['w-20', 'w-40', 'w-24', 'ml-auto w-16']} />
    );
  if (history.isError && !history.data)
    return <RetryAlert message={history.error.message} onRetry={() => void history.refetch()} />;

  const { data: payments, total } = history.data;
  const pages = Math.max(1, Math.ceil(total / PAYMENT_HISTORY_PAGE_SIZE));
  if (total === 0)
    return (
      <p className="rounded-lg border border-dashed border-slate-300 px-6 py-8 text-center text-sm text-slate-600">
        No payments yet
      </p>
    );

  return (
    <div className="flex flex-col gap-3">
      <HistoryTable payments={payments} busy={history.isPlaceholderData} />
      {history.isError ? <FormAlert>{history.error.message}</FormAlert> : null}
      <nav aria-label="Payment history pages" className="flex items-center justify-between gap-4">
        <p className="text-xs text-slate-500" aria-live="polite">
          Page {Math.min(page, pages)} of {pages}
        </p>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={page <= 1}
            onClick={() => setPage((p) => Math.max(1, p - 1))}
          >
            Previous
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={page >= pages}
            onClick={() => setPage((p) => Math.min(pages, p + 1))}
          >
            Next
          </Button>
        </div>
      </nav>
    </div>
  );
}
