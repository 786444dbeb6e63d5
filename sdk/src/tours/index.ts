/**
 * The tours bundle (`/sdk-tours.js`, an esbuild IIFE that registers itself as
 * `window.signpostTours`): sdk.js loads it once the server has a tour for the visitor and hands it
 * every answer of available-flow. See sdk/README.md, "Product tours at run time". It sets the
 * global itself instead of esbuild's `globalName`, whose export helper cost ~200 B of the budget.
 */
import type { ToursModule } from '../types';
import { session, show } from './runtime';

(window as Window & { signpostTours?: ToursModule }).signpostTours = { session, show };

/** The same two, for tests that load the bundle's module directly. */
export { session, show };
