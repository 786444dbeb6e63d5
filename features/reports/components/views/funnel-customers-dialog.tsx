import Link from 'next/link';
import { Spinner } from '@/components/layout/spinner';
import { Dialog } from '@/components/ui/dialog';
import { RetryAlert } from '@/components/ui/retry-alert';
import type { FunnelAnswer, FunnelQuery } from '@/lib/contracts/reports';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { useFunnelCustomers } from '../../hooks/use-funnel-customers';

/** A step of the funnel and which side of it. */
export interface FunnelPick {
  step: number;
  outcome: 'converted' | 'dropped';
}

/** Customers listed at most (the API's limit). */
const LIMIT = 100;

/**
 * Who is behind one count of a funnel (POST /v1/reports/funnel-customers): the customers who
 * reached the step, or who reached the step before and not this one, each linked to their
 * profile when they have one.
 */
export function FunnelCustomersDialog(props: {
  query: FunnelQuery;
  answer: FunnelAnswer;
  pick: FunnelPick;
  onClose: () => void;
}) {
  const { query, pick, answer } = props;
  const step = answer.steps[pick.step];
  const customers = useFunnelCustomers({
    ...query,
    step: pick.step,
    outcome: pick.outcome,
    limit: LIMIT,
  });
  const title =
    pick.outcome === 'converted'
      ? `Reached step ${pick.step + 1}: ${step?.event ?? ''}`
      : `Dropped before step ${pick.step + 1}: ${step?.event ?? ''}`;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && props.onClose()}
      title={title}
      className="max-w-lg"
    >
      {customers.isError ? (
        <RetryAlert
          message={MESSAGES.reports.failedToGetReport(customers.error.message)}
          onRetry={() => void customers.refetch()}
        />
      ) : !customers.data ? (
        <Spinner size="sm" label="Loading the customers" />
      ) : customers.data.length === 0 ? (
        <p className="text-sm text-slate-600">Nobody here in this period.</p>
      ) : (
        <>
          <ul className="max-h-80 divide-y divide-slate-100 overflow-y-auto text-sm">
            {customers.data.map((c) => (
              <li key={c.customer_key} className="py-2">
                {c.profile_id !== null ? (
                  <Link
                    href={paths.customerProfile(c.profile_id)}
                    className="text-brand-700 underline-offset-2 hover:underline"
                  >
                    {c.customer_key}
                  </Link>
                ) : (
                  <span className="text-slate-700">{c.customer_key}</span>
                )}
              </li>
            ))}
          </ul>
          {customers.data.length === LIMIT ? (
            <p className="mt-3 text-xs text-slate-500">The first {LIMIT} customers, by id.</p>
          ) : null}
        </>
      )}
    </Dialog>
  );
}
