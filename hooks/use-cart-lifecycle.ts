import { useRouter } from 'next/router';
import { useEffect } from 'react';
import { cartOf, keepsCart, stashCartForReload, useCartStore } from '@/stores/cart';

/**
 * The cart is cleared on any navigation away from the plans and checkout pages and when the tab
 * closes (local storage `cart` is removed as the page goes away;
 * docs/product/entities.md#cart-reset).
 */
export function useCartLifecycle(): void {
  const router = useRouter();
  useEffect(() => {
    const onRouteChange = (url: string) => {
      if (!keepsCart(url)) useCartStore.getState().reset();
    };
    const onPageHide = () => stashCartForReload();
    // Back from the browser's page cache: the page is alive again, so is its cart.
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      const state = useCartStore.getState();
      if (state.plan) state.setCart(cartOf(state));
    };
    router.events.on('routeChangeStart', onRouteChange);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      router.events.off('routeChangeStart', onRouteChange);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [router.events]);
}
