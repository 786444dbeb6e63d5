/** How often /checkout asks for a payment still settling, in case a socket push is missed. */
export const PAYMENT_POLL_MS = 2000;
