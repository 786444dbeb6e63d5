/**
 * The account `npm run seed:demo` creates (README, "Scripts"). The demo shop the server serves
 * at /demo shows only this account's products, so nobody can put their own tours on the
 * product's origin (docs/builder.md, "Try it on the demo page").
 */
export const DEMO_ACCOUNT_EMAIL = 'demo@signpost.dev';
