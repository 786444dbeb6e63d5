import { create } from 'zustand';
import { STORAGE_KEYS } from '@/lib/constants';
import { paths } from '@/lib/paths';

/** The plan a cart buys: what the checkout page shows and sends (ids from the catalogue). */
export interface CartPlan {
  id: number;
  code: string;
  name: string;
  description: string;
  plan_price_id: number;
  /** Cents per month. */
  unit_amount: number;
}

/** One add-on line of the cart (docs/product/entities.md#cart). */
export interface CartAddOn {
  plan_id: number;
  plan_price_id: number;
  quantity: number;
}

/**
 * The credit for unused time, from the price preview's first negative line
 * (docs/product/entities.md#order-summary).
 */
export interface CartProration {
  amount: number;
  /** Epoch seconds. */
  start: number;
  end: number;
}

/** What the Order summary hands to /checkout (docs/product/entities.md#cart). */
export interface CartData {
  plan: CartPlan | null;
  addOns: CartAddOn[];
  addOnsQuantity: number;
  /**
   * Cents: the plan's monthly price plus the add-ons
   * (docs/product/constants.md#add-ons-and-prices).
   */
  totalPrice: number;
  proration: CartProration | null;
  /**
   * Client-only (docs/product/entities.md#payment-method-and-checkout-request): buying add-ons on
   * the current plan.
   */
  isBuyAddOns: boolean;
  /**
   * Client-only (docs/product/entities.md#payment-method-and-checkout-request): the chosen plan's
   * order_number.
   */
  planOrder: number | null;
}

export interface CartState extends CartData {
  setCart: (cart: CartData) => void;
  reset: () => void;
}

export const EMPTY_CART: CartData = {
  plan: null,
  addOns: [],
  addOnsQuantity: 0,
  totalPrice: 0,
  proration: null,
  isBuyAddOns: false,
  planOrder: null,
};

/** Pages where the cart lives: the plans page (Order summary) and checkout. */
const CART_PATHS: readonly string[] = [paths.plans(), paths.checkout()];

/** True when `url` (a router URL, maybe with query or hash) keeps the cart. */
export function keepsCart(url: string): boolean {
  const path = url.split(/[?#]/)[0]?.replace(/\/+$/, '') || '/';
  return CART_PATHS.includes(path);
}

// sessionStorage outlives a reload but not the tab: the cart survives reloading /checkout while
// local storage `cart` is emptied whenever the page goes away (docs/product/entities.md#cart-reset:
// reset when the tab closes).
const RELOAD_KEY = 'cart:reload';

function isCart(value: unknown): value is CartData {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<CartData>;
  return (
    (v.plan === null || (typeof v.plan === 'object' && typeof v.plan?.id === 'number')) &&
    Array.isArray(v.addOns) &&
    typeof v.addOnsQuantity === 'number' &&
    typeof v.totalPrice === 'number'
  );
}

function parse(raw: string | null): CartData | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isCart(value) ? { ...EMPTY_CART, ...value } : null;
  } catch {
    return null;
  }
}

/** The stored cart: local storage, else the copy kept across a reload of this tab. */
export function readPersistedCart(): CartData {
  if (typeof window === 'undefined') return EMPTY_CART;
  try {
    // The reload copy counts only when this page load is the plans or checkout page again:
    // leaving for another page by typing its address is leaving the cart behind.
    const reloaded = keepsCart(window.location.pathname)
      ? parse(window.sessionStorage.getItem(RELOAD_KEY))
      : null;
    const cart = parse(window.localStorage.getItem(STORAGE_KEYS.cart)) ?? reloaded;
    window.sessionStorage.removeItem(RELOAD_KEY);
    if (cart) window.localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify(cart));
    return cart ?? EMPTY_CART;
  } catch {
    return EMPTY_CART;
  }
}

function persist(cart: CartData | null) {
  if (typeof window === 'undefined') return;
  try {
    if (cart) window.localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify(cart));
    else window.localStorage.removeItem(STORAGE_KEYS.cart);
  } catch {
    // Storage unavailable: the cart lives in memory for this page only.
  }
}

/** The cart's data without the store's actions. */
export const cartOf = ({ setCart: _set, reset: _reset, ...cart }: CartState): CartData => cart;

/** The cart of the Order summary and /checkout, persisted as local storage `cart`. */
export const useCartStore = create<CartState>()((set) => ({
  ...readPersistedCart(),
  setCart: (cart) => {
    persist(cart);
    set(cart);
  },
  reset: () => {
    persist(null);
    set(EMPTY_CART);
  },
}));

/**
 * The page is going away (tab closed, reload, another site): local storage `cart` is removed,
 * and a copy waits in this tab's sessionStorage in case it was only a reload.
 */
export function stashCartForReload() {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.cart);
    window.localStorage.removeItem(STORAGE_KEYS.cart);
    if (raw) window.sessionStorage.setItem(RELOAD_KEY, raw);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
