import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/constants';
import { EMPTY_CART, useCartStore } from '@/stores/cart';
import { mockRouter, setRoute } from '../tests/setup/router';
import { keepsCart } from '@/stores/cart';
import { useCartLifecycle } from './use-cart-lifecycle';

const fill = () =>
  useCartStore.getState().setCart({
    ...EMPTY_CART,
    plan: {
      id: 3,
      code: 'growth',
      name: 'Growth',
      description: '',
      plan_price_id: 3,
      unit_amount: 14900,
    },
    totalPrice: 14900,
  });

describe('cart lifecycle (docs/product/entities.md#cart-reset)', () => {
  beforeEach(() => setRoute('/profile/plans'));

  it('knows which pages keep the cart', () => {
    expect(keepsCart('/checkout')).toBe(true);
    expect(keepsCart('/profile/plans?buy=add-ons')).toBe(true);
    expect(keepsCart('/checkout/')).toBe(true);
    expect(keepsCart('/profile')).toBe(false);
    expect(keepsCart('/brands#x')).toBe(false);
  });

  it('keeps the cart between plans and checkout, and clears it on any other route change', () => {
    renderHook(() => useCartLifecycle());
    fill();
    act(() => mockRouter.events.emit('routeChangeStart', '/checkout'));
    expect(useCartStore.getState().plan?.code).toBe('growth');
    act(() => mockRouter.events.emit('routeChangeStart', '/profile/plans'));
    expect(useCartStore.getState().plan?.code).toBe('growth');
    act(() => mockRouter.events.emit('routeChangeStart', '/brands'));
    expect(useCartStore.getState().plan).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.cart)).toBeNull();
  });

  it('removes local storage "cart" when the tab closes', () => {
    renderHook(() => useCartLifecycle());
    fill();
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(localStorage.getItem(STORAGE_KEYS.cart)).toBeNull();
  });
});
