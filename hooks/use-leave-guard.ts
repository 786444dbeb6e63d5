import { useRouter } from 'next/router';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Thrown to abort a route change (Next's pages router has no other way to cancel one). */
const ABORT = 'Route change aborted: unsaved changes on the page.';

const NEVER = () => false;

/**
 * Asks before unsaved changes (`isDirty()`) are lost (docs/product/screens.md#discard-changes): the
 * editor's back arrow, in-app navigation (routeChangeStart) and the browser's back and forward
 * buttons (beforePopState) open the dialog; a tab close or reload gets the browser's own prompt.
 * In-app moves to a `stays(url)` address keep the page's state, so they are let through.
 */
export function useLeaveGuard(isDirty: () => boolean, stays: (url: string) => boolean = NEVER) {
  const router = useRouter();
  const [pendingUrl, setPendingUrl] = useState<string | null>(null);
  const allowed = useRef(false);
  // Read at the moment of leaving: a save that just finished may not have re-rendered yet.
  const dirtyRef = useRef(isDirty);
  const staysRef = useRef(stays);
  useEffect(() => {
    dirtyRef.current = isDirty;
    staysRef.current = stays;
  }, [isDirty, stays]);

  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!dirtyRef.current()) return;
      e.preventDefault();
      e.returnValue = '';
    };
    const onRouteChange = (url: string) => {
      if (!dirtyRef.current() || allowed.current || staysRef.current(url)) return;
      setPendingUrl(url);
      router.events.emit('routeChangeError', ABORT, url, { shallow: false });
      throw ABORT;
    };
    // The browser's back and forward buttons change the address before Next hears of them:
    // keep the editor's address and ask instead of letting Next follow.
    router.beforePopState(({ as }) => {
      if (!dirtyRef.current() || allowed.current || as === router.asPath) return true;
      window.history.pushState(null, '', router.asPath);
      setPendingUrl(as);
      return false;
    });
    window.addEventListener('beforeunload', onBeforeUnload);
    router.events.on('routeChangeStart', onRouteChange);
    return () => {
      router.beforePopState(() => true);
      window.removeEventListener('beforeunload', onBeforeUnload);
      router.events.off('routeChangeStart', onRouteChange);
    };
  }, [router]);

  /** Goes to `url`, or asks first when there are unsaved changes. */
  const leave = useCallback(
    (url: string) => {
      if (dirtyRef.current()) setPendingUrl(url);
      else void router.push(url);
    },
    [router],
  );
  const discard = useCallback(() => {
    if (pendingUrl === null) return;
    allowed.current = true;
    setPendingUrl(null);
    void router.push(pendingUrl);
  }, [pendingUrl, router]);
  const stay = useCallback(() => setPendingUrl(null), []);
  return { pendingUrl, leave, discard, stay };
}
