import type { Db } from '../../db/client';
import type { PaymentMethodRow, PaymentsRepository } from './payments.repository';

/**
 * Which card pays for renewals after a charge with a saved card settled (docs/billing.md#default-card):
 * a card becomes the default only once it has worked, and a failed charge never leaves the card
 * that failed as the default.
 *
 * - Paid: the card becomes the default when the account has none, or when its default has never
 *   worked (a card saved first and never charged does not keep the place of one that paid).
 * - Failed with the default card: the newest other card that has worked takes its place; without
 *   one the account has no default until a card works.
 *
 * Runs in the caller's transaction. Returns the card that became the default, for the provider.
 */
export async function defaultAfterCharge(
  repo: PaymentsRepository,
  tx: Db,
  charge: { userId: string; methodId: number | null; paid: boolean },
): Promise<PaymentMethodRow | undefined> {
  const { userId, methodId, paid } = charge;
  if (methodId === null) return undefined;
  const current = await repo.defaultMethod(userId, { tx });
  if (paid) {
    if (current?.id === methodId) return undefined;
    if (current && (await repo.hasWorked(userId, current.id, { tx }))) return undefined;
    return repo.setDefaultMethod(userId, methodId, { tx });
  }
  if (current?.id !== methodId) return undefined;
  const next = await repo.newestWorkingMethod(userId, methodId, { tx });
  if (next) return repo.setDefaultMethod(userId, next.id, { tx });
  await repo.clearDefault(userId, methodId, { tx });
  return undefined;
}
