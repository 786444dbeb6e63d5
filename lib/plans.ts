import type { PlanCode, PlanKind } from './constants';

/** One plan of the catalogue seeded at start-up; amounts in cents. */
export interface PlanSeed {
  code: PlanCode | 'mau_add_on';
  name: string;
  description: string;
  kind: PlanKind;
  order_number: number;
  product_limit: number;
  mau_limit: number;
  unit_amount: number | null;
  contact_sales: boolean;
}

export const MAU_ADD_ON_BLOCK = 1000;
export const MAU_ADD_ON_PRICE_CENTS = 2000;

export const PLAN_CATALOGUE: readonly PlanSeed[] = [
  {
    code: 'free',
    name: 'Free',
    description: 'Try Signpost on one product.',
    kind: 'FREE',
    order_number: 1,
    product_limit: 1,
    mau_limit: 1000,
    unit_amount: 0,
    contact_sales: false,
  },
  {
    code: 'starter',
    name: 'Starter',
    description: 'For early-stage teams shipping their first tours.',
    kind: 'NORMAL',
    order_number: 2,
    product_limit: 3,
    mau_limit: 10000,
    unit_amount: 4900,
    contact_sales: false,
  },
  {
    code: 'growth',
    name: 'Growth',
    description: 'For growing products with several apps.',
    kind: 'NORMAL',
    order_number: 3,
    product_limit: 10,
    mau_limit: 50000,
    unit_amount: 14900,
    contact_sales: false,
  },
  {
    code: 'scale',
    name: 'Scale',
    description: 'For companies running tours at scale.',
    kind: 'NORMAL',
    order_number: 4,
    product_limit: 25,
    mau_limit: 200000,
    unit_amount: 39900,
    contact_sales: false,
  },
  {
    code: 'enterprise',
    name: 'Enterprise',
    description: 'Unlimited products and MAUs with a dedicated account manager.',
    kind: 'ENTERPRISE',
    order_number: 5,
    product_limit: 0,
    mau_limit: 0,
    unit_amount: null,
    contact_sales: true,
  },
  {
    code: 'mau_add_on',
    name: 'MAU add-on',
    description: `Adds ${MAU_ADD_ON_BLOCK.toLocaleString('en-US')} monthly active users.`,
    kind: 'ADD_IN',
    order_number: 100,
    product_limit: 0,
    mau_limit: MAU_ADD_ON_BLOCK,
    unit_amount: MAU_ADD_ON_PRICE_CENTS,
    contact_sales: false,
  },
];

/**
 * Short links a product may hold, per plan (docs/short-urls.md, "Limits"); 0 = unlimited.
 * Counted per product, so an account's allowance grows with its products.
 */
export const SHORT_URL_LIMITS: Readonly<Record<PlanCode, number>> = {
  free: 10,
  starter: 100,
  growth: 1000,
  scale: 0,
  enterprise: 0,
};

/**
 * Product tours a product may hold, and their total size in bytes (each tour's definition and
 * canvas layout as JSON), per plan (docs/flows.md, "Limits"). Drafts count. Every plan has a
 * bound, Enterprise too: each node keeps a product's published tours in memory and prepares them
 * on the server's thread.
 */
export const TOUR_LIMITS: Readonly<Record<PlanCode, { tours: number; bytes: number }>> = {
  free: { tours: 50, bytes: 5_000_000 },
  starter: { tours: 100, bytes: 20_000_000 },
  growth: { tours: 250, bytes: 50_000_000 },
  scale: { tours: 500, bytes: 100_000_000 },
  enterprise: { tours: 1_000, bytes: 200_000_000 },
};

/** A size for people: `1.3 MB`, `820 KB` (decimal units, as the limits are written). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1).replace(/\.0$/, '')} MB`;
  return `${Math.ceil(bytes / 1_000)} KB`;
}

/**
 * The longest a product may keep its events, in months, per plan (docs/retention.md); null =
 * unlimited. A product's own retention (Settings → Data) may be shorter, never longer; a product
 * that chose none keeps its plan's maximum.
 */
export const RETENTION_LIMITS: Readonly<Record<PlanCode, number | null>> = {
  free: 12,
  starter: 24,
  growth: 36,
  scale: 60,
  enterprise: null,
};
