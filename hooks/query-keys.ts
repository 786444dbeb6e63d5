/**
 * Query keys of the signed-in user's own resources. Everything billing changes lives under `me`,
 * so one invalidation (PAYMENT_STATUS, a finished checkout) refreshes it all.
 */
export const userKeys = {
  all: ['users'] as const,
  /** Prefix of everything about the current user (profile, subscription, payments). */
  me: ['users', 'me'] as const,
  profile: ['users', 'me', 'profile'] as const,
  sessions: ['users', 'me', 'sessions'] as const,
  subscription: ['users', 'me', 'subscription'] as const,
  paymentMethods: ['users', 'me', 'payment-methods'] as const,
  paymentHistories: ['users', 'me', 'payment-history'] as const,
  paymentHistory: (offset: number) => ['users', 'me', 'payment-history', offset] as const,
  payment: (id: number) => ['users', 'me', 'payment', id] as const,
};

/** The plan catalogue (same for every user). */
export const planKeys = {
  all: ['plans'] as const,
  available: ['plans', 'available'] as const,
  addOns: ['plans', 'add-ons'] as const,
  paymentsConfig: ['plans', 'payments-config'] as const,
};

/** Realtime values the socket pushes into the cache. */
export const realtimeKeys = {
  paymentStatus: ['realtime', 'payment-status'] as const,
  /** The newest USAGE_LIMIT push, stamped with the time it arrived. */
  usageLimit: ['realtime', 'usage-limit'] as const,
};

export const featureKeys = {
  payload: ['features'] as const,
};

/** A product's attribute picker options, read by the profile filter and the flow editor. */
export const attributeKeys = {
  options: (brandId: number) => ['attribute-options', brandId] as const,
};
