import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@/lib/messages';
import { createBrand, ENGINE, ingest, request, setupTestAccount, signUpVerified } from './helpers';

const t = setupTestAccount();
const { call } = t;

const def = (code: string, extra: Record<string, unknown> = {}) => ({
  brand_id: t.brandId,
  name: `Event ${code}`,
  code,
  attributes: [{ code: 'plan', name: 'Plan', data_type: 'string' }],
  ...extra,
});

describe(`events (${ENGINE})`, () => {
  it('creates, reads, updates and deletes an event definition', async () => {
    const created = await call('POST', '/v1/events', def('signed_up'));
    expect(created.statusCode).toBe(201);
    const ev = created.json().data;
    expect(ev).toMatchObject({
      brand_id: t.brandId,
      code: 'signed_up',
      attributes: [{ code: 'plan' }],
    });

    expect((await call('GET', `/v1/events/${ev.id}`)).json().data.name).toBe('Event signed_up');
    const updated = await call('PUT', `/v1/events/${ev.id}`, def('signed_up', { name: 'Sign-up' }));
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.name).toBe('Sign-up');

    const dup = await call('POST', '/v1/events', def('signed_up'));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(MESSAGES.events.codeTaken);

    expect((await call('DELETE', `/v1/events/${ev.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/v1/events/${ev.id}`)).statusCode).toBe(404);
  });

  it('validates bodies with the shared contract', async () => {
    const noName = await call('POST', '/v1/events', { brand_id: t.brandId, code: 'x', name: '  ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe(MESSAGES.field.required('Name'));
    const badType = await call(
      'POST',
      '/v1/events',
      def('y', { attributes: [{ code: 'a', name: 'A', data_type: 'uuid' }] }),
    );
    expect(badType.json().message).toBe(MESSAGES.events.dataType);
    const dupAttr = await call(
      'POST',
      '/v1/events',
      def('z', {
        attributes: [
          { code: 'a', name: 'A', data_type: 'string' },
          { code: 'a', name: 'B', data_type: 'number' },
        ],
      }),
    );
    expect(dupAttr.json().message).toBe(MESSAGES.events.duplicateAttribute);
    expect((await call('GET', '/v1/events/abc')).statusCode).toBe(400);
  });

  it('lists with volume and last seen, searches, pages with nextCursor, and lists undefined events', async () => {
    for (const code of ['alpha', 'beta', 'gamma']) await call('POST', '/v1/events', def(code));
    const batch = [
      ...Array.from({ length: 3 }, () => ({
        type: 'track',
        event: 'alpha',
        anonymousId: 'a',
        messageId: randomUUID(),
      })),
      { type: 'track', event: 'beta', anonymousId: 'a', messageId: randomUUID() },
      { type: 'track', event: 'not_defined_yet', anonymousId: 'a', messageId: randomUUID() },
    ];
    expect((await ingest(t.app, t.writeKey, '/v1/batch', { batch })).json().accepted).toBe(5);

    const page1 = (await call('GET', `/v1/events?brand_id=${t.brandId}&limit=2`)).json().data;
    expect(page1.total).toBe(3);
    expect(page1.nextCursor).toBe('2');
    expect(page1.data.map((e: { code: string }) => e.code)).toEqual(['alpha', 'beta']);
    expect(page1.data[0]).toMatchObject({ attribute_count: 1, volume_30d: 3 });
    expect(page1.data[0].last_seen).not.toBeNull();
    const page2 = (await call('GET', `/v1/events?brand_id=${t.brandId}&limit=2&cursor=2`)).json()
      .data;
    expect(page2.data.map((e: { code: string }) => e.code)).toEqual(['gamma']);
    expect(page2.nextCursor).toBeNull();
    expect(page2.data[0]).toMatchObject({ volume_30d: 0, last_seen: null });

    const found = (await call('GET', `/v1/events?brand_id=${t.brandId}&search=ETA`)).json().data;
    expect(found.data.map((e: { code: string }) => e.code)).toEqual(['beta']);

    const undef = (await call('GET', `/v1/events/undefined?brand_id=${t.brandId}`)).json().data;
    expect(undef).toEqual([
      { code: 'not_defined_yet', volume_30d: 1, last_seen: expect.any(String) },
    ]);

    const ac = (
      await call('GET', `/v1/events/autocomplete?brand_id=${t.brandId}&name=&offset=2&limit=10`)
    ).json().data;
    expect(ac.total).toBe(3);
    expect(ac.data.map((e: { code: string }) => e.code)).toEqual(['gamma']);
  });

  it("answers 404 for another account's events and brand", async () => {
    const other = await signUpVerified(t.app);
    const asOther = request(t.app, other.token);
    const mine = (await call('POST', '/v1/events', def('private'))).json().data;
    expect((await asOther('GET', `/v1/events/${mine.id}`)).statusCode).toBe(404);
    expect((await asOther('PUT', `/v1/events/${mine.id}`, def('private'))).statusCode).toBe(404);
    expect((await asOther('DELETE', `/v1/events/${mine.id}`)).statusCode).toBe(404);
    expect((await asOther('GET', `/v1/events?brand_id=${t.brandId}`)).statusCode).toBe(404);
    const otherBrand = await createBrand(t.app, other.token, 'Theirs');
    expect(
      (await call('POST', '/v1/events', def('x', { brand_id: otherBrand.brandId }))).statusCode,
    ).toBe(404);
  });
});
