import type { EventDef } from '@/lib/contracts/events';
import { createBrand, createSession, createUser, type MockBrand } from './db';
import { createEvent } from './events.handlers';
import { addDataAttribute, addMetadataAttribute } from './profiles.handlers';

/** What `seedConditionData` created: the signed-in owner's product and its events. */
export interface ConditionSeed {
  brand: MockBrand;
  checkout: EventDef;
  signup: EventDef;
  pageView: EventDef;
  /** An event of another account's product, never offered. */
  foreign: EventDef;
}

/**
 * Signs in an account whose product has custom data attributes (age: number, vip: boolean),
 * metadata (plan: text, renewal_date: date, seats: number) and events with attributes, for the
 * flow editor's condition dialogs. The system attributes (email, created_at, ...) come with it.
 */
export function seedConditionData(): ConditionSeed {
  const owner = createUser({ email: 'flows@example.com', name: 'Flow Owner' });
  localStorage.setItem('token', createSession(owner.id));
  const brand = createBrand(owner.id, { name: 'Shop', domain: 'shop.example.com' });
  addDataAttribute(brand.id, { field_name: 'age', name: 'Age', data_type: 'number' });
  addDataAttribute(brand.id, { field_name: 'vip', name: 'VIP', data_type: 'boolean' });
  addMetadataAttribute(brand.id, { custom_field_name: 'plan', name: 'Plan', data_type: 'string' });
  addMetadataAttribute(brand.id, {
    custom_field_name: 'renewal_date',
    name: 'Renewal date',
    data_type: 'date',
  });
  addMetadataAttribute(brand.id, {
    custom_field_name: 'seats',
    name: 'Seats',
    data_type: 'number',
  });

  const checkout = createEvent(brand.id, {
    name: 'Checkout completed',
    code: 'checkout',
    attributes: [
      { code: 'amount', name: 'Amount', data_type: 'number' },
      { code: 'coupon', name: 'Coupon', data_type: 'string' },
      { code: 'paid', name: 'Paid', data_type: 'boolean' },
    ],
  });
  const signup = createEvent(brand.id, {
    name: 'Signed up',
    code: 'signup',
    attributes: [{ code: 'source', name: 'Source', data_type: 'string' }],
  });
  const pageView = createEvent(brand.id, { name: 'Page viewed', code: 'page_view' });

  const stranger = createUser({ email: 'stranger@example.com', name: 'Stranger' });
  const theirs = createBrand(stranger.id, { name: 'Theirs', domain: 'theirs.example.com' });
  const foreign = createEvent(theirs.id, { name: 'Checkout elsewhere', code: 'checkout' });
  return { brand, checkout, signup, pageView, foreign };
}
