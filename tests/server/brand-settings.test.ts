import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@/lib/messages';
import { MAX_EVENT_FILTERS } from '@/lib/contracts/brand-settings';
import { auth, basic, createAccount, ENGINE, setupTestAccount } from './helpers';

const t = setupTestAccount();
const { call: api } = t;

/** One tracked event sent from `ip` (the request's address). */
const send = (
  event: string,
  opts: { ip?: string; key?: string; anonymousId?: string; userId?: string; context?: object } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/track',
    headers: { ...basic(opts.key ?? t.writeKey), 'content-type': 'application/json' },
    remoteAddress: opts.ip ?? '203.0.113.9',
    payload: JSON.stringify({
      event,
      anonymousId: opts.anonymousId ?? 'anon-1',
      ...(opts.userId ? { userId: opts.userId } : {}),
      ...(opts.context ? { context: opts.context } : {}),
      messageId: randomUUID(),
    }),
  });

const stored = async (event: string, brand = t.brandId, token = t.token) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v1/tracking-session-data/tail?brand_id=${brand}&event_name=${encodeURIComponent(event)}`,
    headers: auth(token),
  });
  return (res.json() as { data: { data: Record<string, unknown>[] } }).data.data;
};

const messagesOf = (res: { json(): { message: string; details?: { message: string }[] } }) => [
  res.json().message,
  ...(res.json().details ?? []).map((d) => d.message),
];

const putFilters = (rules: unknown[], brand = t.brandId, call = api) =>
  call('PUT', `/v1/brands/${brand}/filters`, { rules });

describe(`product settings: IP capture and filters (${ENGINE})`, () => {
  it('validates filters with messages a person can act on', async () => {
    const bad = await putFilters([
      { kind: 'ip', value: '10.0.0.0/33' },
      { kind: 'ip', value: 'not-an-ip' },
      { kind: 'event_code', value: '  ' },
      { kind: 'country', value: 'FR' },
    ]);
    expect(bad.statusCode).toBe(400);
    const messages = messagesOf(bad);
    expect(messages).toContain(MESSAGES.settings.badIpRule('10.0.0.0/33'));
    expect(messages).toContain(MESSAGES.settings.badIpRule('not-an-ip'));
    expect(messages).toContain(MESSAGES.settings.filterValueRequired);
    expect(messages).toContain(MESSAGES.settings.filterKind);

    const dup = await putFilters([
      { kind: 'customer_id', value: 'bot' },
      { kind: 'customer_id', value: 'bot' },
    ]);
    expect(dup.statusCode).toBe(400);
    expect(messagesOf(dup)).toContain(MESSAGES.settings.duplicateFilter);

    const many = Array.from({ length: MAX_EVENT_FILTERS + 1 }, (_, i) => ({
      kind: 'event_code',
      value: `e${i}`,
    }));
    const tooMany = await putFilters(many);
    expect(tooMany.statusCode).toBe(400);
    expect(messagesOf(tooMany)).toContain(MESSAGES.settings.tooManyFilters(MAX_EVENT_FILTERS));
    expect((await putFilters(many.slice(0, MAX_EVENT_FILTERS))).statusCode).toBe(200);

    const ipBad = await api('PUT', `/v1/brands/${t.brandId}/ip-capture`, { ip_capture: 'some' });
    expect(ipBad.statusCode).toBe(400);
    expect(messagesOf(ipBad)).toContain(MESSAGES.settings.ipCapture);
    await putFilters([]);
  });

  it("answers 404 for another owner's product, and saves nothing there", async () => {
    const other = await createAccount(t.app, { brand: false });
    for (const [method, path, body] of [
      ['GET', 'filters', undefined],
      ['PUT', 'filters', { rules: [{ kind: 'event_code', value: 'x' }] }],
      ['GET', 'ip-capture', undefined],
      ['PUT', 'ip-capture', { ip_capture: 'full' }],
    ] as const) {
      const res = await other.call(method, `/v1/brands/${t.brandId}/${path}`, body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json().message).toBe(MESSAGES.brands.notFound);
    }
    expect((await api('GET', `/v1/brands/${t.brandId}/filters`)).json().data.rules).toEqual([]);
    expect((await api('GET', `/v1/brands/${t.brandId}/ip-capture`)).json().data).toEqual({
      ip_capture: 'off',
    });
  });

  it('drops events matching an IP, a CIDR range, a customer id or an event code, answers them as accepted and counts them as filtered', async () => {
    const saved = await putFilters([
      { kind: 'ip', value: '198.51.100.7' },
      { kind: 'ip', value: '192.0.2.0/24' },
      { kind: 'ip', value: '2001:DB8::/32' },
      { kind: 'customer_id', value: 'bot-1' },
      { kind: 'event_code', value: 'Noise' },
    ]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ filtered_this_month: 0 });
    // IP rules are saved in one spelling.
    expect(saved.json().data.rules[2]).toEqual({ kind: 'ip', value: '2001:db8::/32' });

    const dropped = [
      await send('Kept?', { ip: '198.51.100.7' }),
      await send('Kept?', { ip: '::ffff:192.0.2.200' }),
      await send('Kept?', { ip: '2001:db8:1::5' }),
      await send('Kept?', { anonymousId: 'bot-1' }),
      await send('Kept?', { userId: 'bot-1', anonymousId: 'visitor-2' }),
      await send('Noise'),
    ];
    for (const res of dropped) expect(res.json()).toEqual({ accepted: 1, rejected: [] });
    expect(await stored('Kept?')).toEqual([]);
    expect(await stored('Noise')).toEqual([]);
    // Nothing filtered became a customer (no MAU).
    const profiles = await api('GET', `/v1/customer-profiles?brand_id=${t.brandId}&search=bot-1`);
    expect(profiles.json().data.data).toEqual([]);

    // Near misses are stored.
    expect((await send('Kept', { ip: '198.51.100.8', anonymousId: 'bot-10' })).json()).toEqual({
      accepted: 1,
      rejected: [],
    });
    expect((await send('noise', { ip: '192.0.3.1' })).statusCode).toBe(200);
    expect(await stored('Kept')).toHaveLength(1);
    expect(await stored('noise')).toHaveLength(1);

    const read = await api('GET', `/v1/brands/${t.brandId}/filters`);
    expect(read.json().data.filtered_this_month).toBe(6);
    await putFilters([]);
  });

  it("never applies one product's filters to another account's product", async () => {
    const other = await createAccount(t.app);
    expect((await putFilters([{ kind: 'event_code', value: 'Shared' }])).statusCode).toBe(200);
    expect((await send('Shared')).statusCode).toBe(200);
    expect((await send('Shared', { key: other.writeKey })).statusCode).toBe(200);
    expect(await stored('Shared')).toEqual([]);
    expect(await stored('Shared', other.brandId, other.token)).toHaveLength(1);
    const theirs = await other.call('GET', `/v1/brands/${other.brandId}/filters`);
    expect(theirs.json().data).toEqual({ rules: [], filtered_this_month: 0 });
    await putFilters([]);
  });

  it('keeps no address by default, the anonymised one or the full one as set', async () => {
    expect((await api('GET', `/v1/brands/${t.brandId}/ip-capture`)).json().data.ip_capture).toBe(
      'off',
    );
    await send('Ip off', { ip: '203.0.113.45', context: { ip: '198.51.100.1' } });
    const [off] = await stored('Ip off');
    expect(off!.context).not.toHaveProperty('ip');

    const anon = await api('PUT', `/v1/brands/${t.brandId}/ip-capture`, {
      ip_capture: 'anonymised',
    });
    expect(anon.json().data).toEqual({ ip_capture: 'anonymised' });
    await send('Ip anon v4', { ip: '203.0.113.45' });
    await send('Ip anon v6', { ip: '2001:db8:abcd:12::1' });
    await send('Ip anon sent', { ip: '203.0.113.45', context: { ip: '198.51.100.77' } });
    expect((await stored('Ip anon v4'))[0]!.context).toMatchObject({ ip: '203.0.113.0' });
    expect((await stored('Ip anon v6'))[0]!.context).toMatchObject({ ip: '2001:db8:abcd::' });
    expect((await stored('Ip anon sent'))[0]!.context).toMatchObject({ ip: '198.51.100.0' });

    await api('PUT', `/v1/brands/${t.brandId}/ip-capture`, { ip_capture: 'full' });
    expect((await api('GET', `/v1/brands/${t.brandId}/ip-capture`)).json().data.ip_capture).toBe(
      'full',
    );
    await send('Ip full', { ip: '::ffff:203.0.113.45' });
    expect((await stored('Ip full'))[0]!.context).toMatchObject({ ip: '203.0.113.45' });
    await api('PUT', `/v1/brands/${t.brandId}/ip-capture`, { ip_capture: 'off' });
  });
});
