import { createClient } from './client';
import type { SignpostApi } from './types';

/** What the snippet leaves on `window.signpost` before sdk.js arrives: queued calls. */
type Stub = Partial<SignpostApi> & { q?: unknown };
type SignpostWindow = Window & { signpost?: Stub };

/** Where this script was loaded from: the default host when init() names none. */
function scriptOrigin(): string {
  try {
    const src = (document.currentScript as HTMLScriptElement | null)?.src;
    return src ? new URL(src).origin : '';
  } catch {
    return '';
  }
}

// The IIFE entry (/sdk.js): replace the snippet's stub with the real API and replay its calls in
// order. The stub object is kept, so code holding a reference to it reaches the real methods.
// A second copy of the script on the page finds the real API (it has `version`) and does nothing.
try {
  const w = window as SignpostWindow;
  const stub = w.signpost;
  if (!stub?.version) {
    const client = createClient(scriptOrigin());
    const target = (stub && typeof stub === 'object' ? stub : {}) as Stub;
    const calls = Array.isArray(target.q) ? (target.q as unknown[]) : [];
    delete target.q;
    w.signpost = Object.assign(target, client);
    for (const call of calls) {
      const [name, args] = Array.isArray(call) ? call : [];
      const method = client[name as keyof SignpostApi];
      if (typeof method === 'function' && Array.isArray(args))
        (method as (...a: unknown[]) => unknown)(...args);
    }
  }
} catch {
  // Never break the host page, whatever it left on window.signpost.
}
