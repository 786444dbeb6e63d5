import type { EventDef, TrackedEvent } from '@/lib/contracts/events';
import type { Flow } from '@/lib/contracts/flows';
import type {
  CustomerProfile,
  DataAttribute,
  MetadataAttribute,
} from '@/lib/contracts/customer-profiles';
import type { PlanCode } from '@/lib/constants';
import type { User } from '@/lib/contracts/auth';
import type { Brand } from '@/lib/contracts/brands';
import type { Plan, Subscription } from '@/lib/contracts/plans';
import type { Payment, PaymentMethod } from '@/lib/contracts/payments';
import type { SavedReport } from '@/lib/contracts/reports';
import type { ShortUrl } from '@/lib/contracts/short-urls';
import { addBillingMonth, mauLimitOf } from '@/lib/billing';
import { PLAN_CATALOGUE } from '@/lib/plans';

/** In-memory stand-in for the API's database, shared by component tests and `npm run dev:mock`. */
export interface MockUser extends User {
  password: string;
  verified: boolean;
  plan: PlanCode;
  failedSignIns: number;
  /** Subscription state beyond the plan (older session-storage snapshots may lack it). */
  billing?: MockBilling;
}

/** The subscription details the mock keeps per user; times are ISO strings. */
export interface MockBilling {
  addOnQuantity: number;
  periodStart: string | null;
  periodEnd: string | null;
  /** A lower plan (or free) taking effect at periodEnd. */
  scheduledPlan: PlanCode | null;
  /** Monthly active customers counted this month. */
  mauCount: number;
  overLimitSince: string | null;
  trackingPaused: boolean;
}

/** How a saved mock card behaves when charged (the local provider's test cards). */
export type MockCardBehaviour = 'ok' | 'decline' | 'auth';

/** A saved card of the mock API. */
export interface MockPaymentMethod extends PaymentMethod {
  owner_id: string;
  behaviour: MockCardBehaviour;
}

/** A payment of the mock API, with what it changes once it settles. */
export interface MockPayment extends Payment {
  owner_id: string;
  /** Epoch ms after which a pending payment settles on the next read. */
  settle_at: number;
  /** The failure it settles with; null settles as paid. */
  outcome: string | null;
  target: { plan: PlanCode; addOnQuantity: number };
  period_end: string;
}

export interface MockBrand extends Brand {
  owner_id: string;
}

/** A saved report as the mock stores it; its product's name is read at each answer, as the API joins it. */
export type MockReport = Omit<SavedReport, 'brand_name'>;

/**
 * A short link as the mock stores it; its product's name and public address are made at each
 * answer, as the API joins and builds them.
 */
export type MockShortUrl = Omit<ShortUrl, 'brand_name' | 'short_url'>;

/** A mail the API would have sent (GET /v1/dev/outbox). */
export interface MockMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  created_at: string;
}

export interface MockDbState {
  users: MockUser[];
  sessions: Record<string, string>;
  verifyTokens: Record<string, string>;
  resetTokens: Record<string, string>;
  brands: MockBrand[];
  outbox: MockMail[];
  events: EventDef[];
  trackedEvents: TrackedEvent[];
  profiles: CustomerProfile[];
  metadataAttributes: MetadataAttribute[];
  dataAttributes: DataAttribute[];
  flows: Flow[];
  reports: MockReport[];
  /** Products whose demo reports `dev:mock` has saved (once each: deleted ones stay deleted). */
  demoReportBrands: number[];
  shortUrls: MockShortUrl[];
  /** Products whose demo short links `dev:mock` has saved (once each). */
  demoShortUrlBrands: number[];
  paymentMethods: MockPaymentMethod[];
  payments: MockPayment[];
  seq: {
    user: number;
    brand: number;
    mail: number;
    event: number;
    profile: number;
    attribute: number;
    flow: number;
    report: number;
    shortUrl: number;
    paymentMethod: number;
    payment: number;
  };
}

/** The account `npm run dev:mock` lets you sign in with. */
export const DEMO_USER = {
  email: 'demo@signpost.dev',
  password: 'Demo123!',
  name: 'Demo User',
} as const;

function seed(): MockDbState {
  return {
    users: [
      {
        id: 'u_1',
        email: DEMO_USER.email,
        name: DEMO_USER.name,
        avatar: null,
        stripe_customer_id: null,
        password: DEMO_USER.password,
        verified: true,
        plan: 'free',
        failedSignIns: 0,
        // Near the free limit, so the usage meter shows its warning colour in `dev:mock`.
        billing: { ...defaultBilling('free'), mauCount: 820 },
      },
    ],
    sessions: {},
    verifyTokens: {},
    resetTokens: {},
    brands: [],
    outbox: [],
    events: [],
    trackedEvents: [],
    profiles: [],
    metadataAttributes: [],
    dataAttributes: [],
    flows: [],
    reports: [],
    demoReportBrands: [],
    shortUrls: [],
    demoShortUrlBrands: [],
    paymentMethods: [
      {
        id: 1,
        owner_id: 'u_1',
        brand: 'visa',
        last4: '4242',
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        is_default: true,
        created_at: new Date().toISOString(),
        behaviour: 'ok',
      },
    ],
    payments: [],
    seq: {
      user: 1,
      brand: 0,
      mail: 0,
      event: 0,
      profile: 0,
      attribute: 0,
      flow: 0,
      report: 0,
      shortUrl: 0,
      paymentMethod: 1,
      payment: 0,
    },
  };
}

export const db: MockDbState = seed();

export function resetMockDb(): void {
  Object.assign(db, seed());
}

/** Replaces the whole state (the browser worker restores it from storage across reloads). */
export function loadMockDb(state: MockDbState): void {
  // A snapshot saved before a release added tables starts those tables empty.
  const fresh = seed();
  Object.assign(db, fresh, state, { seq: { ...fresh.seq, ...state.seq } });
}

/** Random URL-safe token; write keys use 24 characters after `wk_` like the API's. */
export function randomToken(prefix = '', length = 32): string {
  let out = '';
  while (out.length < length) out += Math.random().toString(36).slice(2);
  return prefix + out.slice(0, length);
}

const now = () => new Date().toISOString();

export function publicUser(user: MockUser): User {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    avatar: user.avatar,
    stripe_customer_id: user.stripe_customer_id,
  };
}

export function publicBrand(brand: MockBrand): Brand {
  const { owner_id: _owner, ...rest } = brand;
  return rest;
}

export function createUser(input: {
  email: string;
  name?: string;
  password?: string;
  verified?: boolean;
  plan?: PlanCode;
  avatar?: string | null;
}): MockUser {
  db.seq.user += 1;
  const user: MockUser = {
    id: `u_${db.seq.user}`,
    email: input.email.toLowerCase(),
    name: input.name ?? '',
    avatar: input.avatar ?? null,
    stripe_customer_id: null,
    password: input.password ?? 'Passw0rd!',
    verified: input.verified ?? true,
    plan: input.plan ?? 'free',
    failedSignIns: 0,
    billing: defaultBilling(input.plan ?? 'free'),
  };
  db.users.push(user);
  return user;
}

export function createSession(userId: string): string {
  const token = randomToken('sess_');
  db.sessions[token] = userId;
  return token;
}

export function createBrand(
  ownerId: string,
  input: { name: string; domain: string; time_zone?: string },
): MockBrand {
  db.seq.brand += 1;
  const brand: MockBrand = {
    id: db.seq.brand,
    owner_id: ownerId,
    name: input.name,
    domain: input.domain,
    write_key: randomToken('wk_', 24),
    time_zone: input.time_zone ?? 'UTC',
    created_at: now(),
    updated_at: now(),
  };
  db.brands.push(brand);
  return brand;
}

export function sendMail(to: string, subject: string, text: string, links: string[]): MockMail {
  db.seq.mail += 1;
  const mail: MockMail = {
    id: db.seq.mail,
    to,
    subject,
    text,
    html: `<p>${text}</p>${links.map((l) => `<p><a href="${l}">${l}</a></p>`).join('')}`,
    links,
    created_at: now(),
  };
  db.outbox.push(mail);
  return mail;
}

/** The plan catalogue as the API serves it (ids by position, one monthly price each). */
export const PLANS: Plan[] = PLAN_CATALOGUE.map((p, i) => ({
  id: i + 1,
  code: p.code,
  name: p.name,
  description: p.description,
  kind: p.kind,
  order_number: p.order_number,
  contact_sales: p.contact_sales,
  plan_quota: { product_limit: p.product_limit, mau_limit: p.mau_limit },
  plan_prices:
    p.unit_amount === null
      ? []
      : [
          {
            id: i + 1,
            unit_amount: p.unit_amount,
            currency: 'usd',
            interval: 'MONTH' as const,
            pricing_model: 'LICENSED' as const,
            billing_item: p.kind === 'ADD_IN' ? ('ADD_IN' as const) : ('PLAN' as const),
          },
        ],
}));

export function planOf(user: MockUser): Plan {
  return PLANS.find((p) => p.code === user.plan) ?? PLANS[0];
}

/** A fresh subscription: paid plans start a one-month period today. */
export function defaultBilling(plan: PlanCode, now = new Date()): MockBilling {
  // The catalogue, not PLANS: the seed runs before PLANS is initialised.
  const paid = (PLAN_CATALOGUE.find((p) => p.code === plan)?.unit_amount ?? 0) > 0;
  return {
    addOnQuantity: 0,
    periodStart: paid ? now.toISOString() : null,
    periodEnd: paid ? addBillingMonth(now).toISOString() : null,
    scheduledPlan: null,
    mauCount: 0,
    overLimitSince: null,
    trackingPaused: false,
  };
}

/** The user's subscription details, created on first use. */
export function billingOf(user: MockUser): MockBilling {
  user.billing ??= defaultBilling(user.plan);
  return user.billing;
}

export const planByCode = (code: string) => PLANS.find((p) => p.code === code);

/** The MAU add-on of the catalogue. */
export const ADD_ON_PLAN = PLANS.find((p) => p.kind === 'ADD_IN') as Plan;

/** A scheduled change whose period has ended takes effect (like the API's settle step). */
export function settleSubscription(user: MockUser, now = new Date()): void {
  const b = billingOf(user);
  if (!b.periodEnd || new Date(b.periodEnd) > now) return;
  const next = b.scheduledPlan ?? user.plan;
  const price = planByCode(next)?.plan_prices[0]?.unit_amount ?? 0;
  if (price === 0) {
    user.plan = next === 'enterprise' ? next : 'free';
    Object.assign(b, { addOnQuantity: 0, periodStart: null, periodEnd: null, scheduledPlan: null });
    return;
  }
  user.plan = next;
  const start = new Date(b.periodEnd);
  Object.assign(b, {
    periodStart: start.toISOString(),
    periodEnd: addBillingMonth(start).toISOString(),
    scheduledPlan: null,
  });
}

export function subscriptionOf(user: MockUser): Subscription {
  settleSubscription(user);
  const plan = planOf(user);
  const b = billingOf(user);
  const scheduled = b.scheduledPlan ? planByCode(b.scheduledPlan) : undefined;
  const mauLimit = mauLimitOf(plan.plan_quota.mau_limit, b.addOnQuantity);
  return {
    current_plan: {
      id: plan.id,
      code: user.plan,
      name: plan.name,
      order_number: plan.order_number,
      plan_prices: plan.plan_prices,
    },
    user_subscription: {
      status: 'active',
      snapshot_quota: {
        mau_limit: plan.plan_quota.mau_limit,
        product_limit: plan.plan_quota.product_limit,
      },
      add_ons: b.addOnQuantity > 0 ? [{ plan_id: ADD_ON_PLAN.id, quantity: b.addOnQuantity }] : [],
      current_period_start: b.periodStart,
      current_period_end: b.periodEnd,
      scheduled_plan:
        scheduled && b.scheduledPlan ? { code: b.scheduledPlan, name: scheduled.name } : null,
    },
    user_quota: {
      mau_count: b.mauCount,
      mau_limit: mauLimit,
      over_limit_since: b.overLimitSince,
      tracking_paused: b.trackingPaused,
      product_count: db.brands.filter((b) => b.owner_id === user.id).length,
    },
  };
}
