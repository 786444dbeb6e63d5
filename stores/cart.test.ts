import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/constants';
import {
  EMPTY_CART,
  readPersistedCart,
  stashCartForReload,
  useCartStore,
  type CartData,
} from './cart';

const cart: CartData = {
  ...EMPTY_CART,
  plan: {
    id: 3,
    code: 'growth',
    name: 'Growth',
    description: 'For growing products.',
    plan_price_id: 3,
    unit_amount: 14900,
  },
  addOns: [{ plan_id: 6, plan_price_id: 6, quantity: 2 }],
  addOnsQuantity: 2,
  totalPrice: 18900,
  proration: null,
  planOrder: 3,
};

describe('cart store', () => {
  beforeEach(() => {
    useCartStore.getState().reset();
    sessionStorage.clear();
  });

  it('starts empty and persists a cart as local storage "cart"', () => {
    expect(useCartStore.getState().plan).toBeNull();
    useCartStore.getState().setCart(cart);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.cart)!)).toEqual(cart);
    expect(useCartStore.getState()).toMatchObject(cart);
  });

  it('reset clears the state and removes local storage "cart"', () => {
    useCartStore.getState().setCart(cart);
    useCartStore.getState().reset();
    expect(useCartStore.getState()).toMatchObject(EMPTY_CART);
    expect(localStorage.getItem(STORAGE_KEYS.cart)).toBeNull();
  });

  it('empties local storage when the page goes away, but a reload of the tab keeps the cart', () => {
    window.history.replaceState({}, '', '/checkout');
    useCartStore.getState().setCart(cart);
    stashCartForReload();
    expect(localStorage.getItem(STORAGE_KEYS.cart)).toBeNull();
    // The same tab loads again (sessionStorage survives a reload, not a closed tab).
    expect(readPersistedCart()).toEqual(cart);
    expect(localStorage.getItem(STORAGE_KEYS.cart)).not.toBeNull();
    // Read once: a later page load without a reload stash starts empty.
    localStorage.clear();
    expect(readPersistedCart()).toEqual(EMPTY_CART);
  });

  it('forgets the cart when the tab comes back on another page', () => {
    useCartStore.getState().setCart(cart);
    stashCartForReload();
    window.history.replaceState({}, '', '/brands');
    expect(readPersistedCart()).toEqual(EMPTY_CART);
    window.history.replaceState({}, '', '/checkout');
    expect(readPersistedCart()).toEqual(EMPTY_CART);
  });

  it('ignores a stored value that is not a cart', () => {
    localStorage.setItem(STORAGE_KEYS.cart, '{"plan": 5}');
    expect(readPersistedCart()).toEqual(EMPTY_CART);
    localStorage.setItem(STORAGE_KEYS.cart, 'not json');
    expect(readPersistedCart()).toEqual(EMPTY_CART);
  });
});
