import { describe, expect, it } from 'vitest';
import { createHmac, randomUUID } from 'node:crypto';
import { MESSAGES } from '@/lib/messages';
import { monthOf } from '@/server/modules/profiles/profile-upsert';
import { ENGINE, request, setupTestAccount, signUpVerified } from './helpers';

const t = setupTestAccount(); // its product's domain is shop.example.com
const { call: api } = t;

const send = (key: string, url: string, body: unknown, origin?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'text/plain',
      ...(origin ? { origin } : {}),
    },
    payload: JSON.stringify(body),
  });

const profile = async (key: string) => {
  const res = await api('GET', `/v1/customer-profiles?brand_id=${t.brandId}&search=${key}`);
  return (res.json().data.data as Record<string, unknown>[])[0];
};

describe(`trusted sources (${ENGINE})`, () => {
  it('accepts events from the product site, its subdomains, loopback and listed origins; refuses others with where to add them', async () => {
    const track = { event: 'Origin', anonymousId: 'a-1', messageId: randomUUID() };
    for (const origin of [
      'https://shop.example.com',
      'https://eu.shop.example.com',
      'http://localhost:5173',
      undefined,
    ])
      expect((await send(t.writeKey, '/v1/track', track, origin)).statusCode, origin).toBe(200);
    const refused = await send(t.writeKey, '/v1/track', track, 'https://evil.example');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'origin_not_allowed',
      message: MESSAGES.ingest.originRefused('https://evil.example'),
    });
    // The refusal still carries CORS headers, so the page's script can read why.
    expect(refused.headers['access-control-allow-origin']).toBe('*');

    const bad = await api('PUT', `/v1/brands/${t.brandId}/sources`, {
      allowed_origins: ['https://partner.example', 'not an origin!'],
      require_signed_identity: false,
    });
    expect(bad.statusCode).toBe(400);
    const messages = [
      bad.json().message,
      ...(bad.json().details ?? []).map((d: { message: string }) => d.message),
    ];
    expect(messages).toContain(MESSAGES.brands.badOrigin('not an origin!'));
    const saved = await api('PUT', `/v1/brands/${t.brandId}/sources`, {
      allowed_origins: ['HTTPS://Partner.example/'],
      require_signed_identity: false,
    });
    expect(saved.json().data.allowed_origins).toEqual(['https://partner.example']);
    expect((await send(t.writeKey, '/v1/track', track, 'https://partner.example')).statusCode).toBe(
      200,
    );
    expect((await send(t.writeKey, '/v1/track', track, 'http://partner.example')).statusCode).toBe(
      403,
    );
  });

  it('issues a secret server key shown once, refused from a browser, rotated and revoked', async () => {
    const issued = await api('POST', `/v1/brands/${t.brandId}/server-key`);
    const key = issued.json().data.server_key as string;
    expect(key).toMatch(/^sk_/);
    const sources = (await api('GET', `/v1/brands/${t.brandId}/sources`)).json().data;
    expect(sources.server_key).toEqual({ hint: key.slice(-4) });
    expect(JSON.stringify(sources)).not.toContain(key);
    const track = { event: 'Server', userId: 'srv-1', messageId: randomUUID() };
    expect((await send(key, '/v1/track', track)).statusCode).toBe(200);
    const browser = await send(key, '/v1/track', track, 'https://shop.example.com');
    expect(browser.statusCode).toBe(403);
    expect(browser.json().message).toBe(MESSAGES.ingest.serverKeyInBrowser);

    const next = (await api('POST', `/v1/brands/${t.brandId}/server-key`)).json().data.server_key;
    expect((await send(key, '/v1/track', track)).statusCode).toBe(401);
    expect((await send(next, '/v1/track', track)).statusCode).toBe(200);
    expect(
      (await api('DELETE', `/v1/brands/${t.brandId}/server-key`)).json().data.server_key,
    ).toBeNull();
    expect((await send(next, '/v1/track', track)).statusCode).toBe(401);
    expect((await api('DELETE', `/v1/brands/${t.brandId}/server-key`)).statusCode).toBe(404);
  });

  it('with signed identities required, a forged or missing signature never changes the profile', async () => {
    const victim = `victim-${randomUUID()}`;
    const identify = (extra: Record<string, unknown>, origin = 'https://shop.example.com') =>
      send(
        t.writeKey,
        '/v1/identify',
        { userId: victim, messageId: randomUUID(), ...extra },
        origin,
      );
    // Before: the product does not require signatures; the real customer is known.
    expect((await identify({ traits: { email: 'real@example.com' } })).statusCode).toBe(200);
    const sources = await api('PUT', `/v1/brands/${t.brandId}/sources`, {
      allowed_origins: [],
      require_signed_identity: true,
    });
    const secret = sources.json().data.identity_secret as string;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const sign = (id: string) => createHmac('sha256', secret).update(id).digest('hex');
    const usageBefore = await t.app.ctx.profiles.monthlyActive(t.userId, monthOf(new Date()));

    // No signature, with an anonymous id: kept as the visitor's, the profile untouched.
    const unsigned = await identify({ anonymousId: 'intruder', traits: { email: 'evil@x.io' } });
    expect(unsigned.json()).toEqual({ accepted: 1, rejected: [], unverified: 1 });
    // No anonymous id: refused by index.
    const bare = await identify({ traits: { email: 'evil@x.io' } });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().rejected).toEqual([
      { index: 0, code: 'identity_unverified', message: MESSAGES.ingest.identityUnverified },
    ]);
    // A forged signature (signed for someone else, or with another secret).
    const forged = await identify({
      anonymousId: 'intruder',
      userHash: sign('someone-else'),
      traits: { email: 'evil@x.io' },
    });
    expect(forged.json().unverified).toBe(1);
    const other = createHmac('sha256', 'guess').update(victim).digest('hex');
    expect(
      (
        await identify({
          anonymousId: 'intruder',
          context: { userHash: other },
          traits: { email: 'evil@x.io' },
        })
      ).json().unverified,
    ).toBe(1);
    // Fake customers cost the tenant no MAU.
    for (let i = 0; i < 5; i++)
      await send(t.writeKey, '/v1/track', { event: 'X', userId: `fake-${i}`, anonymousId: 'f' });
    expect(await t.app.ctx.profiles.monthlyActive(t.userId, monthOf(new Date()))).toBe(usageBefore);

    let p = await profile(victim);
    expect(p!.email).toBe('real@example.com');
    expect(p!.anonymous_ids).toEqual([]);

    // The real customer, signed by the site's backend: the profile changes.
    const signed = await identify({ userHash: sign(victim), traits: { email: 'new@example.com' } });
    expect(signed.json()).toEqual({ accepted: 1, rejected: [] });
    p = await profile(victim);
    expect(p!.email).toBe('new@example.com');
    // The signature is not stored with the event.
    const tail = await api(
      'GET',
      `/v1/tracking-session-data/tail?brand_id=${t.brandId}&event_name=%24identify`,
    );
    expect(JSON.stringify(tail.json())).not.toContain(sign(victim));

    // A trusted server-side source needs no signature.
    const key = (await api('POST', `/v1/brands/${t.brandId}/server-key`)).json().data.server_key;
    await send(key, '/v1/identify', { userId: victim, traits: { plan: 'pro' } });
    expect(((await profile(victim))!.data_attributes as Record<string, unknown>).plan).toBe('pro');

    // Posing as the customer through the anonymous id does not reach their timeline either.
    expect(
      (await send(t.writeKey, '/v1/track', { event: 'Spoofed', anonymousId: victim })).statusCode,
    ).toBe(200);
    const timeline = await api('GET', `/v1/customer-profiles/${p!.id as number}/events`);
    const names = (timeline.json().data.data as { event: string }[]).map((e) => e.event);
    expect(names).toContain('$identify');
    expect(names).not.toContain('Spoofed');

    // A new secret: old signatures stop verifying.
    const rotated = (await api('POST', `/v1/brands/${t.brandId}/identity-secret`)).json().data;
    expect(rotated.identity_secret).not.toBe(secret);
    expect((await identify({ anonymousId: 'a', userHash: sign(victim) })).json().unverified).toBe(
      1,
    );
  });

  it("keeps each product's sources to its owner", async () => {
    const stranger = request(t.app, (await signUpVerified(t.app)).token);
    expect((await stranger('GET', `/v1/brands/${t.brandId}/sources`)).statusCode).toBe(404);
    expect(
      (
        await stranger('PUT', `/v1/brands/${t.brandId}/sources`, {
          allowed_origins: [],
          require_signed_identity: false,
        })
      ).statusCode,
    ).toBe(404);
    expect((await stranger('POST', `/v1/brands/${t.brandId}/server-key`)).statusCode).toBe(404);
    expect((await stranger('POST', `/v1/brands/${t.brandId}/identity-secret`)).statusCode).toBe(
      404,
    );
  });
});
