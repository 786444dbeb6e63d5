import type { ToursModule } from '../types';

/** The tours bundle registers itself as `window.signpostTours` (sdk/src/tours/index.ts). */
type ToursWindow = Window & { signpostTours?: ToursModule };

let loading: Promise<ToursModule | null> | undefined;
let loaded: ToursModule | undefined;

/** The tours bundle once it has loaded (sdk.js reads the session on screen from it). */
export const toursModule = () => loaded;

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
    script.onload = script.onerror = () => {
      loaded = (window as ToursWindow).signpostTours;
      if (!loaded) loading = undefined; // not loaded: a later call may try again
      resolve(loaded ?? null);
    };
    document.head.appendChild(script);
  }));
}
