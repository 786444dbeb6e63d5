import Stripe from 'stripe';
import type { CatalogueItem } from '../types';

/** The lookup key of a catalogue code's monthly price at Stripe. */
export const lookupKeyOf = (code: string) => `signpost_${code}_monthly`;

/** The catalogue code of a lookup key made by `lookupKeyOf`, or null. */
export function codeOfLookupKey(key: string | null | undefined): string | null {
  const m = key ? /^signpost_(.+)_monthly$/.exec(key) : null;
  return m ? (m[1] as string) : null;
}

export const ADD_ON_CODE = 'mau_add_on';
export const FREE_CODE = 'free';

/** Catalogue prices at Stripe, both ways: the price id of an item, the code of a price. */
export interface StripePrices {
  priceIdOf(item: CatalogueItem): Promise<string>;
  codeOfPrice(price: string | Stripe.Price | Stripe.DeletedPrice): Promise<string>;
}

/** The catalogue's prices at Stripe, found by lookup key or created; one cache per provider. */
export function createStripePrices(stripe: Stripe): StripePrices {
  // Price ids by lookup key, shared by concurrent callers; a failed lookup is forgotten.
  const priceIds = new Map<string, Promise<string>>();
  const codeByPriceId = new Map<string, string>();

  async function findOrCreatePrice(item: CatalogueItem): Promise<string> {
    const lookupKey = lookupKeyOf(item.code);
    const found = await stripe.prices.list({
      lookup_keys: [lookupKey],
      active: true,
      expand: ['data.product'],
    });
    const match = found.data.find(
      (p) => p.unit_amount === item.unitAmount && p.recurring?.interval === 'month',
    );
    if (match) return match.id;
    const productId = `signpost_${item.code}`;
    try {
      await stripe.products.create(
        { id: productId, name: item.name, metadata: { signpost_code: item.code } },
        { idempotencyKey: `product-${productId}` },
      );
    } catch (err) {
      // The product survives a price change: reuse it.
      if (!(err instanceof Stripe.errors.StripeError && err.code === 'resource_already_exists'))
        throw err;
    }
    const price = await stripe.prices.create(
      {
        product: productId,
        currency: 'usd',
        unit_amount: item.unitAmount,
        recurring: { interval: 'month' },
        lookup_key: lookupKey,
        // A catalogue price change moves the lookup key to the new price.
        transfer_lookup_key: found.data.length > 0,
        metadata: { signpost_code: item.code },
      },
      { idempotencyKey: `price-${lookupKey}-${item.unitAmount}` },
    );
    return price.id;
  }

  async function priceIdOf(item: CatalogueItem): Promise<string> {
    const key = `${lookupKeyOf(item.code)}:${item.unitAmount}`;
    let pending = priceIds.get(key);
    if (!pending) {
      pending = findOrCreatePrice(item);
      priceIds.set(key, pending);
      pending.catch(() => priceIds.delete(key));
    }
    const id = await pending;
    codeByPriceId.set(id, item.code);
    return id;
  }

  /** The catalogue code of a Stripe price (lookup key, metadata, or a price we resolved). */
  async function codeOfPrice(price: string | Stripe.Price | Stripe.DeletedPrice): Promise<string> {
    const id = typeof price === 'string' ? price : price.id;
    const known = codeByPriceId.get(id);
    if (known) return known;
    const full =
      typeof price === 'string' || 'deleted' in price ? await stripe.prices.retrieve(id) : price;
    const code = codeOfLookupKey(full.lookup_key) ?? full.metadata?.signpost_code ?? null;
    if (!code) throw new Error(`Stripe price ${id} is not one of the Signpost catalogue.`);
    codeByPriceId.set(id, code);
    return code;
  }

  return { priceIdOf, codeOfPrice };
}
