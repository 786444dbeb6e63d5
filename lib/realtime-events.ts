import type { PaymentStatusEvent, UsageLimitEvent } from './contracts/payments';

/**
 * Checks of the two socket payloads the dashboard receives, written by hand so the app shell
 * does not load the schema library on every page (docs/performance.md, "Route weight"). They
 * accept exactly what `paymentStatusEventSchema` and `usageLimitEventSchema` accept (a test
 * compares them).
 */
const STATUSES: readonly string[] = ['pending', 'requires_action', 'paid', 'failed'];
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isInt = (v: unknown): v is number => Number.isInteger(v);

export function isPaymentStatusEvent(v: unknown): v is PaymentStatusEvent {
  return (
    isRecord(v) &&
    isInt(v.payment_id) &&
    typeof v.status === 'string' &&
    STATUSES.includes(v.status) &&
    typeof v.plan_code === 'string' &&
    (v.message === null || typeof v.message === 'string')
  );
}

export function isUsageLimitEvent(v: unknown): v is UsageLimitEvent {
  return isRecord(v) && isInt(v.mau_count) && isInt(v.mau_limit);
}
