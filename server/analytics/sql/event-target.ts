import type { Binder } from './binder';
import type { EventTarget } from '../types';

/**
 * The WHERE of the events a deletion targets (docs/data-rights.md): a product's events, narrowed
 * to one customer — those sent with their user id, and the anonymous ones (no user id) of their
 * anonymous ids, as the customer's timeline reads them — and/or to those before a time.
 */
export function targetWhere(target: EventTarget, b: Binder<unknown>): string {
  let where = b.brand(target.brandId);
  if (target.customer) {
    const { userId, anonymousIds } = target.customer;
    const anonymous = `(user_id IS NULL AND ${b.inStrings('anonymous_id', 'anon', anonymousIds)})`;
    where +=
      userId === null
        ? ` AND ${anonymous}`
        : ` AND (user_id = ${b.bind('user', 'string', userId)} OR ${anonymous})`;
  }
  if (target.before) where += ` AND timestamp < ${b.bind('before', 'timestamp', target.before)}`;
  return where;
}
