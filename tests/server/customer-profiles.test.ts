import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import { ENGINE, ingest, request, setupTestAccount, signUpVerified } from './helpers';

const t = setupTestAccount();
const { call } = t;

beforeAll(async () => {
  const people = [
    {
      userId: 'u1',
      traits: {
        email: 'ada@acme.io',
        name: 'Ada',
        plan: 'pro',
        seats: 12,
        beta: true,
        tags: ['vip', 'eu'],
        created_at: '2026-01-15T10:00:00Z',
        metadata: { tier: 'gold' },
      },
    },
    {
      userId: 'u2',
      traits: {
        email: 'bob@globex.io',
        name: 'Bob',
        plan: 'free',
        seats: 3,
        beta: false,
        tags: ['us'],
        created_at: '2026-06-01T10:00:00Z',
      },
    },
    { userId: 'u3', traits: { email: 'cy@acme.io', name: 'Cy', plan: 'Pro', seats: 'many' } },
  ];
  const base = Date.parse('2026-11-01T00:00:00Z');
  const batch = people.map((p, i) => ({
    type: 'identify',
    timestamp: new Date(base + i * 86_400_000).toISOString(),
    ...p,
  }));
  expect((await ingest(t.app, t.writeKey, '/v1/batch', { batch })).json().accepted).toBe(3);
  for (const [field_name, data_type] of [
    ['plan', 'string'],
    ['seats', 'number'],
    ['beta', 'boolean'],
    ['tags', 'list'],
  ])
    await call('POST', '/v1/data-attributes', {
      brand_id: t.brandId,
      field_name,
      name: field_name,
      data_type,
    });
  await call('POST', '/v1/metadata-attributes', {
    brand_id: t.brandId,
    custom_field_name: 'tier',
    name: 'Tier',
    data_type: 'string',
  });
});

const keys = async (query: string) => {
  const res = await call('GET', `/v1/customer-profiles?brand_id=${t.brandId}&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.data as { customer_key: string }[]).map((p) => p.customer_key);
};
const where = (conditions: unknown[], op = 'AND') =>
  `conditions=${encodeURIComponent(JSON.stringify(conditions))}&condition_operator=${op}`;

describe(`customer profiles (${ENGINE})`, () => {
  it('lists by last seen, searches id, e-mail and name, and pages', async () => {
    expect(await keys('')).toEqual(['u3', 'u2', 'u1']);
    expect(await keys('sort_order=asc')).toEqual(['u1', 'u2', 'u3']);
    expect(await keys('search=ACME')).toEqual(['u3', 'u1']);
    expect(await keys('search=u2')).toEqual(['u2']);
    const page = (await call('GET', `/v1/customer-profiles?brand_id=${t.brandId}&limit=2`)).json()
      .data;
    expect(page).toMatchObject({ total: 3, nextCursor: expect.stringMatching(/^k\./) });
    const next = (
      await call(
        'GET',
        `/v1/customer-profiles?brand_id=${t.brandId}&limit=2&cursor=${page.nextCursor}`,
      )
    ).json().data;
    expect(next.data.map((p: { customer_key: string }) => p.customer_key)).toEqual(['u1']);
    expect(next.nextCursor).toBeNull();
    // Page numbers still work near the top.
    expect(
      (await call('GET', `/v1/customer-profiles?brand_id=${t.brandId}&limit=2&cursor=2`)).json()
        .data.data,
    ).toHaveLength(1);
  });

  it('filters by attribute conditions of every data type', async () => {
    expect(
      await keys(where([{ customer_key: 'plan', condition_type: 'exact', value: 'pro' }])),
    ).toEqual(['u3', 'u1']);
    expect(
      await keys(
        where([{ customer_key: 'email', condition_type: 'ends_with', value: '@globex.io' }]),
      ),
    ).toEqual(['u2']);
    expect(await keys(where([{ customer_key: 'seats', condition_type: '>', value: 5 }]))).toEqual([
      'u1',
    ]);
    expect(
      await keys(
        where([{ customer_key: 'seats', condition_type: 'between', value: { from: 1, to: 5 } }]),
      ),
    ).toEqual(['u2']);
    expect(await keys(where([{ customer_key: 'beta', condition_type: '=', value: true }]))).toEqual(
      ['u1'],
    );
    expect(
      await keys(where([{ customer_key: 'tags', condition_type: 'contain', value: 'us' }])),
    ).toEqual(['u2']);
    expect(
      await keys(
        where([{ customer_key: 'created_at', condition_type: 'before', value: '2026-03-01' }]),
      ),
    ).toEqual(['u1']);
    expect(await keys(where([{ customer_key: 'created_at', condition_type: 'empty' }]))).toEqual([
      'u3',
    ]);
    expect(
      await keys(where([{ customer_key: 'tier', condition_type: 'exact', value: 'gold' }])),
    ).toEqual(['u1']);
    expect(
      await keys(
        where(
          [
            { customer_key: 'plan', condition_type: 'exact', value: 'free' },
            { customer_key: 'tier', condition_type: 'not_empty' },
          ],
          'OR',
        ),
      ),
    ).toEqual(['u2', 'u1']);
    // Values with LIKE wildcards are matched literally.
    expect(
      await keys(where([{ customer_key: 'email', condition_type: 'contain', value: '%' }])),
    ).toEqual([]);
  });

  it('refuses a bad filter with a 400 a person can act on', async () => {
    const bad = await call(
      'GET',
      `/v1/customer-profiles?brand_id=${t.brandId}&conditions=not-json`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MESSAGES.profiles.invalidFilter);
    const unknown = await call(
      'GET',
      `/v1/customer-profiles?brand_id=${t.brandId}&${where([{ customer_key: 'nope', condition_type: 'exact', value: 'x' }])}`,
    );
    expect(unknown.json().message).toBe(MESSAGES.profiles.unknownAttribute('nope'));
    const wrongOp = await call(
      'GET',
      `/v1/customer-profiles?brand_id=${t.brandId}&${where([{ customer_key: 'seats', condition_type: 'starts_with', value: 'x' }])}`,
    );
    expect(wrongOp.statusCode).toBe(400);
    const wrongValue = await call(
      'GET',
      `/v1/customer-profiles?brand_id=${t.brandId}&${where([{ customer_key: 'seats', condition_type: '>', value: 'lots' }])}`,
    );
    expect(wrongValue.statusCode).toBe(400);
  });

  it('shows a profile, sets metadata values of the right type, and offers attribute options', async () => {
    const [p] = (await call('GET', `/v1/customer-profiles?brand_id=${t.brandId}&search=ada`)).json()
      .data.data;
    const detail = (await call('GET', `/v1/customer-profiles/${p.id}`)).json().data;
    expect(detail).toMatchObject({ email: 'ada@acme.io', metadata: { tier: 'gold' } });
    const set = await call('PUT', `/v1/customer-profiles/${p.id}/metadata`, {
      metadata: { tier: 'platinum' },
    });
    expect(set.json().data.metadata).toEqual({ tier: 'platinum' });
    expect(
      (await call('PUT', `/v1/customer-profiles/${p.id}/metadata`, { metadata: { nope: 1 } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('PUT', `/v1/customer-profiles/${p.id}/metadata`, { metadata: { tier: 5 } }))
        .statusCode,
    ).toBe(400);

    const groups = (await call('GET', `/v1/attributes/options?brand_id=${t.brandId}`)).json().data;
    expect(groups.map((g: { group: string }) => g.group)).toEqual(['ATTRIBUTE', 'METADATA']);
    expect(groups[0].options.map((o: { value: string }) => o.value)).toEqual(
      expect.arrayContaining(['email', 'name', 'last_seen', 'country', 'plan', 'seats']),
    );
    expect(groups[1].options).toEqual([
      { label: 'Tier', value: 'tier', data_type: 'string', extra_data: expect.any(Object) },
    ]);
  });

  it('manages metadata and data attribute definitions; system ones are fixed', async () => {
    const created = await call('POST', '/v1/metadata-attributes', {
      brand_id: t.brandId,
      custom_field_name: 'region',
      name: 'Region',
      data_type: 'string',
    });
    expect(created.statusCode).toBe(201);
    const dup = await call('POST', '/v1/metadata-attributes', {
      brand_id: t.brandId,
      custom_field_name: 'region',
      name: 'R',
      data_type: 'string',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(MESSAGES.profiles.fieldTaken);
    const bad = await call('POST', '/v1/metadata-attributes', {
      brand_id: t.brandId,
      custom_field_name: '1 bad',
      name: 'R',
      data_type: 'string',
    });
    expect(bad.json().message).toBe(MESSAGES.profiles.fieldName);
    const id = created.json().data.id;
    expect(
      (
        await call('PUT', `/v1/metadata-attributes/${id}`, {
          brand_id: t.brandId,
          custom_field_name: 'region',
          name: 'Area',
          data_type: 'string',
        })
      ).json().data.name,
    ).toBe('Area');
    expect((await call('DELETE', `/v1/metadata-attributes/${id}`)).statusCode).toBe(200);

    const data = (await call('GET', `/v1/data-attributes?brand_id=${t.brandId}`)).json().data;
    expect(
      data.slice(0, 8).every((a: { system: boolean; id: null }) => a.system && a.id === null),
    ).toBe(true);
    expect(
      (
        await call('POST', '/v1/data-attributes', {
          brand_id: t.brandId,
          field_name: 'email',
          name: 'E',
          data_type: 'string',
        })
      ).statusCode,
    ).toBe(409);
  });

  it("answers 404 for another account's profiles and attributes", async () => {
    const other = await signUpVerified(t.app);
    const asOther = request(t.app, other.token);
    const [p] = (await call('GET', `/v1/customer-profiles?brand_id=${t.brandId}`)).json().data.data;
    expect((await asOther('GET', `/v1/customer-profiles/${p.id}`)).statusCode).toBe(404);
    expect((await asOther('GET', `/v1/customer-profiles/${p.id}/events`)).statusCode).toBe(404);
    expect(
      (await asOther('PUT', `/v1/customer-profiles/${p.id}/metadata`, { metadata: {} })).statusCode,
    ).toBe(404);
    expect((await asOther('GET', `/v1/metadata-attributes?brand_id=${t.brandId}`)).statusCode).toBe(
      404,
    );
    expect((await asOther('GET', `/v1/attributes/options?brand_id=${t.brandId}`)).statusCode).toBe(
      404,
    );
  });

  it('pages by keyset through ties, in both orders, and refuses deep offsets and forged cursors', async () => {
    // 25 customers seen at the very same instant: the id breaks the tie.
    const at = '2026-10-01T00:00:00.000Z';
    const batch = Array.from({ length: 25 }, (_, i) => ({
      type: 'track',
      event: 'Tied',
      userId: `tie-${String(i).padStart(2, '0')}`,
      timestamp: at,
    }));
    expect((await ingest(t.app, t.writeKey, '/v1/batch', { batch })).statusCode).toBe(200);
    for (const order of ['asc', 'desc']) {
      const seen: string[] = [];
      let cursor = '1';
      for (let pages = 0; pages < 10 && cursor; pages++) {
        const res = await call(
          'GET',
          `/v1/customer-profiles?brand_id=${t.brandId}&search=tie-&limit=10&sort_order=${order}&cursor=${cursor}`,
        );
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json().data;
        expect(body.total).toBe(25);
        seen.push(...body.data.map((p: { customer_key: string }) => p.customer_key));
        cursor = body.nextCursor;
      }
      expect(cursor).toBeNull();
      expect(seen).toHaveLength(25);
      expect(new Set(seen).size).toBe(25);
    }
    const first = (
      await call('GET', `/v1/customer-profiles?brand_id=${t.brandId}&search=tie-&limit=10`)
    ).json().data;
    const deep = await call(
      'GET',
      `/v1/customer-profiles?brand_id=${t.brandId}&limit=10&cursor=102`,
    );
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toBe(MESSAGES.profiles.cursorTooDeep);
    for (const bad of [
      `${first.nextCursor}&sort_order=asc`,
      'k.bm90LWpzb24',
      `k.${Buffer.from(JSON.stringify(['x', 1, 'desc'])).toString('base64url')}`,
      'k.',
    ]) {
      const res = await call('GET', `/v1/customer-profiles?brand_id=${t.brandId}&cursor=${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
  });
});
