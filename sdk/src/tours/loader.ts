import type { ToursModule } from '../types';

/** The tours bundle is an esbuild IIFE with `globalName: 'signpostTours'`. */
type ToursWindow = Window & { signpostTours?: ToursModule };

let loading: Promise<ToursModule | null> | undefined;

/**
 * Injects `{host}/sdk-tours.js` once and resolves to what it registered. Tours (rendering,
 * sanitising, positioning) stay out of the tracking bundle; pages without a flow never load them.
 * Resolves to null instead of rejecting, so the host page never sees an unhandled rejection.
 */
export function loadToursBundle(host: string): Promise<ToursModule | null> {
  return (loading ??= new Promise((resolve) => {
    const script = document.createElement('script');
    script.async = true;
    script.src = `${host}/sdk-tours.js`;
    script.onload = () => resolve((window as ToursWindow).signpostTours ?? null);
    script.onerror = () => {
      loading = undefined; // a later call may try again
      resolve(null);
    };
    document.head.appendChild(script);
  }));
}
