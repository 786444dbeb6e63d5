/** Query keys of the signed-in user's own resources; the billing issue adds payment keys under `me`. */
export const userKeys = {
  all: ['users'] as const,
  /** Prefix of everything about the current user (profile, subscription, payments). */
  me: ['users', 'me'] as const,
  profile: ['users', 'me', 'profile'] as const,
  subscription: ['users', 'me', 'subscription'] as const,
};

/** Realtime values the socket pushes into the cache. */
export const realtimeKeys = {
  paymentStatus: ['realtime', 'payment-status'] as const,
};

export const featureKeys = {
  payload: ['features'] as const,
};

/** A product's attribute picker options, read by the profile filter and the flow editor. */
export const attributeKeys = {
  options: (brandId: number) => ['attribute-options', brandId] as const,
};
