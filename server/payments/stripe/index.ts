export { STRIPE_MESSAGES, createStripeClient } from './client';
export { codeOfLookupKey, lookupKeyOf } from './prices';
export { createStripeProvider, type StripeProviderOptions } from './provider';
