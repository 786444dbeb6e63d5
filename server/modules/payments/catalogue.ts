import type { Payment } from '../../../lib/contracts/payments';
import { AppError } from '../../errors';
import type { CatalogueItem } from '../../payments/types';
import type { PaymentsRepository, PlanRow, PriceRow } from './payments.repository';

/** The plan catalogue, loaded once (it is seeded at start-up and never edited at run time). */
export interface Catalogue {
  plan(id: number): PlanRow | undefined;
  planByCode(code: string): PlanRow | undefined;
  priceOf(planId: number): PriceRow | undefined;
  prices(planId: number): PriceRow[];
  free: PlanRow;
  addOn: { plan: PlanRow; price: PriceRow };
  item(plan: PlanRow): CatalogueItem;
}

function buildCatalogue(plans: PlanRow[], prices: PriceRow[]): Catalogue {
  const free = plans.find((p) => p.kind === 'FREE');
  const addOnPlan = plans.find((p) => p.kind === 'ADD_IN');
  const addOnPrice = addOnPlan && prices.find((p) => p.planId === addOnPlan.id);
  if (!free || !addOnPlan || !addOnPrice)
    throw new AppError(500, 'catalogue_missing', 'The plan catalogue is missing.');
  const priceOf = (planId: number) => prices.find((p) => p.planId === planId);
  return {
    plan: (id) => plans.find((p) => p.id === id),
    planByCode: (code) => plans.find((p) => p.code === code),
    priceOf,
    prices: (planId) => prices.filter((p) => p.planId === planId),
    free,
    addOn: { plan: addOnPlan, price: addOnPrice },
    item: (plan) => {
      const price = priceOf(plan.id);
      return {
        planId: plan.id,
        priceId: price?.id ?? 0,
        code: plan.code,
        name: plan.name,
        unitAmount: price?.unitAmount ?? 0,
      };
    },
  };
}

/** Loads the catalogue on first use and keeps it; a failed load (database down) is not kept. */
export function createCatalogueLoader(repo: Pick<PaymentsRepository, 'catalogue'>) {
  let cached: Promise<Catalogue> | null = null;
  return () => {
    if (!cached) {
      cached = repo.catalogue().then((c) => buildCatalogue(c.plans, c.prices));
      cached.catch(() => (cached = null));
    }
    return cached;
  };
}

/** The line a payment shows in the history. */
export function describePayment(kind: Payment['kind'], plan: PlanRow, addOns: number) {
  const withAddOns = addOns > 0 ? ` with ${addOns} MAU add-on${addOns === 1 ? '' : 's'}` : '';
  switch (kind) {
    case 'checkout':
      return `${plan.name} plan${withAddOns}`;
    case 'upgrade':
      return `Upgrade to ${plan.name}${withAddOns}`;
    case 'add_ons':
      return `${plan.name}: ${addOns} MAU add-on${addOns === 1 ? '' : 's'} in total`;
    case 'downgrade':
      return plan.kind === 'FREE'
        ? 'Cancellation: back to Free at the end of the period'
        : `Switch to ${plan.name} at the end of the period`;
    case 'renewal':
      return `Renewal of ${plan.name}${withAddOns}`;
  }
}
