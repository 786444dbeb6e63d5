import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '@/server/db/schema';
import { PRODUCT_DELETE_JOB } from '@/server/modules/product-deletion/product-deletion.service';
import { createAccount, ingest, setupTestAccount } from './helpers';

/**
 * Deleting a product (docs/data-rights.md, "Deleting a product"): the name typed to confirm, 24
 * hours of grace during which it can be cancelled, then the product and its events in the
 * analytics store are deleted; nothing of another product is touched.
 */

const HOUR = 3_600_000;

describe('product deletion', () => {
  const a = setupTestAccount();

  /** The grace period passes: queued deletion jobs become due (the queue's clock is the database's). */
  const graceEnds = async () => {
    await a.app.ctx.database.db
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(eq(jobs.kind, PRODUCT_DELETE_JOB));
    await a.app.ctx.jobs.drain();
  };
  const eventsOf = async (brandId: number) =>
    (
      await a.app.ctx.analytics.query({
        kind: 'countsByEvent',
        brandId,
        from: new Date(0),
        to: new Date('2100-01-01T00:00:00Z'),
      })
    ).reduce((n, c) => n + c.count, 0);
  /** An account of its own with one product (the free plan has one) and three events. */
  const product = async (name: string) => {
    const made = await createAccount(a.app, { brand: name });
    const batch = [1, 2, 3].map((i) => ({ type: 'track', event: 'Hello', userId: `u${i}` }));
    expect((await ingest(a.app, made.writeKey, '/v1/batch', { batch })).json().accepted).toBe(3);
    return made;
  };

  it('asks for the name, waits 24 hours, can be cancelled, then deletes both stores', async () => {
    const owner = await product('Doomed');
    const { brandId: doomed, writeKey, call } = owner;
    const { brandId: kept, call: keeper } = await product('Kept');

    const wrong = await call('POST', `/v1/brands/${doomed}/deletion`, { name: 'doomed' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Type the product’s name exactly to confirm: Doomed');

    const asked = await call('POST', `/v1/brands/${doomed}/deletion`, { name: 'Doomed' });
    expect(asked.statusCode, asked.body).toBe(202);
    const due = Date.parse(asked.json().data.due_at) - Date.now();
    expect(due).toBeGreaterThan(23.9 * HOUR);
    expect(due).toBeLessThanOrEqual(24 * HOUR);
    expect((await call('GET', `/v1/brands/${doomed}/deletion`)).json().data).toMatchObject({
      brand_id: doomed,
      requested_by: owner.userId,
    });
    // Before the grace ends nothing happens.
    await a.app.ctx.jobs.drain();
    expect((await call('GET', `/v1/brands/${doomed}`)).statusCode).toBe(200);

    // Cancelled: the due job finds nothing to do.
    const cancel = await call('DELETE', `/v1/brands/${doomed}/deletion`);
    expect(cancel.json().data).toEqual({ cancelled: true });
    expect((await call('GET', `/v1/brands/${doomed}/deletion`)).json().data).toBeNull();
    await graceEnds();
    expect((await call('GET', `/v1/brands/${doomed}`)).statusCode).toBe(200);
    expect(await eventsOf(doomed)).toBe(3);

    // Asked again, and the grace ends: the product and its events are gone, the other stays.
    expect(
      (await call('POST', `/v1/brands/${doomed}/deletion`, { name: 'Doomed' })).statusCode,
    ).toBe(202);
    await graceEnds();
    expect((await call('GET', `/v1/brands/${doomed}`)).statusCode).toBe(404);
    expect(await eventsOf(doomed)).toBe(0);
    expect((await keeper('GET', `/v1/brands/${kept}`)).statusCode).toBe(200);
    expect(await eventsOf(kept)).toBe(3);
    // Its write key no longer takes events.
    const late = await ingest(a.app, writeKey, '/v1/batch', {
      batch: [{ type: 'track', event: 'Hello', userId: 'u9' }],
    });
    expect(late.statusCode).toBe(401);
  });

  it("the Products page's immediate delete purges the product's events too", async () => {
    const { brandId, call } = await product('Gone Now');
    const { brandId: kept } = await product('Stays');
    expect(await eventsOf(brandId)).toBe(3);
    expect((await call('DELETE', `/v1/brands/${brandId}`)).statusCode).toBe(200);
    await a.app.ctx.jobs.drain();
    expect(await eventsOf(brandId)).toBe(0);
    expect(await eventsOf(kept)).toBe(3);
  });

  it("another owner's product answers 404 on every route", async () => {
    const { brandId: theirs, call } = await product('Theirs');
    const b = await createAccount(a.app);
    expect((await b.call('GET', `/v1/brands/${theirs}/deletion`)).statusCode).toBe(404);
    expect(
      (await b.call('POST', `/v1/brands/${theirs}/deletion`, { name: 'Theirs' })).statusCode,
    ).toBe(404);
    expect((await b.call('DELETE', `/v1/brands/${theirs}/deletion`)).statusCode).toBe(404);
    expect((await call('GET', `/v1/brands/${theirs}/deletion`)).json().data).toBeNull();
  });
});
