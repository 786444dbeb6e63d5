import Link from 'next/link';
import type { ReactNode } from 'react';
import { formatBillingDate, formatMoney } from '@/lib/billing';
import type { Payment } from '@/lib/contracts/payments';
import { paths } from '@/lib/paths';
import { Spinner } from '@/components/layout/spinner';
import { Button, buttonClasses } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icons';
import { cardLabel } from '../lib/plan-display';

function Screen({
  tone,
  title,
  children,
  testId,
}: {
  tone: 'progress' | 'success' | 'failure';
  title: string;
  children: ReactNode;
  testId: string;
}) {
  const ring = {
    progress: 'bg-brand-50 text-brand-600',
    success: 'bg-emerald-50 text-emerald-600',
    failure: 'bg-red-50 text-red-600',
  }[tone];
  return (
    <section
      data-testid={testId}
      aria-labelledby={`${testId}-title`}
      className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center"
    >
      <div className={`flex h-14 w-14 items-center justify-center rounded-full ${ring}`}>
        {tone === 'progress' ? (
          <Spinner />
        ) : tone === 'success' ? (
          <CheckIcon className="h-7 w-7" />
        ) : (
          <span aria-hidden="true" className="text-2xl font-bold">
            !
          </span>
        )}
      </div>
      <h1 id={`${testId}-title`} className="text-xl font-semibold text-slate-900">
        {title}
      </h1>
      {children}
    </section>
  );
}

/** Waiting for the payment's outcome; the status arrives over the socket. */
export function ProcessingScreen({ payment }: { payment: Payment | undefined }) {
  return (
    <Screen tone="progress" title="Processing your payment" testId="checkout-processing">
      <p role="status" aria-live="polite" className="text-sm text-slate-600">
        {payment?.status === 'requires_action'
          ? 'Waiting for your bank to confirm the payment…'
          : 'This takes a few seconds. You can keep this page open.'}
      </p>
    </Screen>
  );
}

/** Paid: the new plan is active. */
export function SuccessScreen({ payment }: { payment: Payment }) {
  return (
    <Screen tone="success" title="Payment successful" testId="checkout-success">
      <p role="status" className="text-sm text-slate-600">
        {formatMoney(payment.amount)} paid
        {payment.card ? ` with ${cardLabel(payment.card)}` : ''}. You are now on the{' '}
        <strong>{payment.plan_name}</strong> plan
        {payment.add_on_quantity > 0
          ? ` with ${payment.add_on_quantity} MAU add-on${payment.add_on_quantity === 1 ? '' : 's'}`
          : ''}
        .
      </p>
      <div className="flex gap-2">
        <Link href={paths.plans()} className={buttonClasses('primary')}>
          View plans
        </Link>
        <Link href={paths.profile()} className={buttonClasses('secondary')}>
          Go to profile
        </Link>
      </div>
    </Screen>
  );
}

/** A move to a lower plan: recorded now, effective at the end of the period, nothing charged. */
export function ScheduledScreen({ payment, at }: { payment: Payment; at: string }) {
  return (
    <Screen tone="success" title="Plan change scheduled" testId="checkout-scheduled">
      <p role="status" className="text-sm text-slate-600">
        You move to the <strong>{payment.plan_name}</strong> plan on {formatBillingDate(at)}, at the
        end of your current period. Nothing was charged today.
      </p>
      <Link href={paths.plans()} className={buttonClasses('primary')}>
        View plans
      </Link>
    </Screen>
  );
}

/** Declined or refused: the plan is unchanged; the cart is kept to try again. */
export function FailureScreen({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Screen tone="failure" title="Payment failed" testId="checkout-failure">
      <p role="alert" className="text-sm text-red-700">
        {message}
      </p>
      <p className="text-sm text-slate-600">Your plan has not changed.</p>
      <div className="flex gap-2">
        <Button onClick={onRetry}>Try again</Button>
        <Link href={paths.plans()} className={buttonClasses('secondary')}>
          Back to plans
        </Link>
      </div>
    </Screen>
  );
}
