import { usePaymentsConfig } from '../hooks/use-payments-config';

/**
 * "Test mode" on every page while the server runs the local outbox or the payment simulator on
 * a public address (MAIL_TRANSPORT=outbox / PAYMENT_PROVIDER=local): nobody should mistake test
 * cards for real payments, or expect e-mail to arrive.
 */
export function TestModeBadge() {
  const config = usePaymentsConfig();
  if (!config.data?.test_mode) return null;
  return (
    <div
      role="status"
      title="Payments are simulated (test cards only) or e-mail stays in the local outbox."
      className="pointer-events-none fixed bottom-3 left-1/2 z-50 -translate-x-1/2 rounded-full border border-amber-300 bg-amber-100 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-amber-900 shadow"
    >
      Test mode
    </div>
  );
}
