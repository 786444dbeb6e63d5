/**
 * The tours bundle (`/sdk-tours.js`, esbuild IIFE with `globalName: 'signpostTours'`): sdk.js
 * loads it once the server has a tour for the visitor and hands it every answer of
 * available-flow. See sdk/README.md, "Product tours at run time".
 */
export { session, show } from './runtime';
