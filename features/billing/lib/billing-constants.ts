/** Plan list cache (spec 9). */
export const PLANS_STALE_TIME_MS = 5 * 60 * 1000;
/** Payment history cache (spec 9). */
export const PAYMENT_HISTORY_STALE_TIME_MS = 5 * 60 * 1000;
/** Add-on plan fetch limit (spec 9). */
export const ADD_ON_FETCH_LIMIT = 20;
/** How often /checkout asks for a payment still settling, in case a socket push is missed. */
export const PAYMENT_POLL_MS = 2000;
