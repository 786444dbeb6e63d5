import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ShortUrl, ShortUrlReport } from '@/lib/contracts/short-urls';
import { SHORT_URL_LIMITS } from '@/lib/plans';
import { LINK_CLICKED_EVENT } from '@/server/analytics/link-click-shape';
import { brands, shortUrls } from '@/server/db/schema';
import { type ApiRequest, createAccount, ENGINE, setupTestAccount, withTestApp } from './helpers';

/** Short links (docs/short-urls.md): API, redirect rules, clicks, report, tenancy, limits. */

// Wednesday 10 January 2024, 12:10 UTC; tests move it forward.
let now = new Date('2024-01-10T12:10:00.000Z');

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const t = setupTestAccount({ now: () => now });
const { call } = t;
let stranger: ApiRequest;
let strangersBrand: number;
beforeAll(async () => {
  ({ call: stranger, brandId: strangersBrand } = await createAccount(t.app, { brand: 'Theirs' }));
});

async function create(body: Record<string, unknown>, who = call): Promise<ShortUrl> {
  const res = await who('POST', '/v1/short-urls', { brand_id: t.brandId, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as ShortUrl;
}

/** Another account with a product of its own, so a test stays clear of the plan's link limit. */
async function freshOwner(name = 'Spare') {
  const owner = await createAccount(t.app, { brand: name });
  const { brandId: b, call: as } = owner;
  return {
    owner,
    brandId: b,
    as,
    make: (body: Record<string, unknown>) => create({ brand_id: b, ...body }, as),
  };
}

const visit = (
  path: string,
  opts: { method?: 'GET' | 'HEAD'; ip?: string; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method: opts.method ?? 'GET',
    url: path,
    remoteAddress: opts.ip ?? '203.0.113.7',
    headers: { 'user-agent': CHROME, ...opts.headers },
  });

async function clickEvents(slug: string) {
  await t.app.ctx.shortUrlClicks.flush();
  const rows = await t.app.ctx.analytics.query({
    kind: 'tail',
    brandId: t.brandId,
    event: LINK_CLICKED_EVENT,
    limit: 1000,
  });
  return rows.filter((r) => r.properties.slug === slug);
}

describe(`short links API (${ENGINE})`, () => {
  it('creates, reads, lists, updates and deletes a link of the owner', async () => {
    const link = await create({
      url: 'https://shop.example.com/sale?ref=mail',
      slug: 'Winter-Sale',
      utm: { source: 'newsletter', medium: 'email', campaign: 'winter' },
    });
    expect(link).toMatchObject({
      brand_id: t.brandId,
      slug: 'Winter-Sale',
      short_url: 'http://localhost:3000/s/Winter-Sale',
      url: 'https://shop.example.com/sale?ref=mail',
      utm: { source: 'newsletter', medium: 'email', campaign: 'winter' },
      clicks: 0,
      unique_clicks: 0,
      disabled: false,
      expires_at: null,
    });
    const generated = await create({ url: 'http://example.org/' });
    expect(generated.slug).toMatch(/^[A-Za-z0-9]{7}$/);

    const list = await call('GET', `/v1/short-urls?brand_id=${t.brandId}&search=winter&limit=10`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toMatchObject({ total: 1, nextCursor: null });
    expect(list.json().data.data[0].id).toBe(link.id);
    const paged = await call('GET', `/v1/short-urls?limit=1`);
    expect(paged.json().data).toMatchObject({ total: 2, nextCursor: '2' });

    const put = await call('PUT', `/v1/short-urls/${link.id}`, {
      brand_id: t.brandId,
      url: 'https://shop.example.com/winter',
      utm: { source: 'newsletter' },
      expires_at: '2030-01-01T00:00:00Z',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({
      slug: 'Winter-Sale',
      url: 'https://shop.example.com/winter',
      utm: { source: 'newsletter' },
      expires_at: '2030-01-01T00:00:00.000Z',
    });
    expect((await call('GET', `/v1/short-urls/${link.id}`)).json().data.url).toBe(
      'https://shop.example.com/winter',
    );
    const del = await call('DELETE', `/v1/short-urls/${generated.id}`);
    expect(del.statusCode).toBe(200);
    expect((await call('GET', `/v1/short-urls/${generated.id}`)).statusCode).toBe(404);
    expect((await visit(`/s/${generated.slug}`)).statusCode).toBe(404);
  });

  it('refuses bad input with messages a person can act on', async () => {
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ url: 'javascript:alert(1)' }, 400, /full http:\/\/ or https:\/\/ address/],
      [{ url: 'ftp://files.example.com/a' }, 400, /full http:\/\/ or https:\/\/ address/],
      [{ url: '' }, 400, /Destination URL is required/],
      [{ url: 'https://a.example', slug: 'ab' }, 400, /Slug must be 3 to 64 characters/],
      [{ url: 'https://a.example', slug: 'has space' }, 400, /letters, digits, "-" or "_"/],
      [{ url: 'https://a.example', slug: '-dash' }, 400, /starting with a letter or digit/],
      [{ url: 'https://a.example', slug: 'x'.repeat(65) }, 400, /3 to 64 characters/],
      [{ url: 'https://a.example', slug: 'Admin' }, 400, /"Admin" is reserved/],
      [{ url: 'https://a.example', slug: 'winter-sale' }, 409, /"winter-sale" is already taken/],
      [{ url: 'https://a.example', expires_at: 'soon' }, 400, /Expiry must be a date and time/],
      // A day that does not exist (was stored as 1 March).
      [
        { url: 'https://a.example', expires_at: '2024-02-30T00:00:00Z' },
        400,
        /Expiry must be a date and time/,
      ],
      // A lone surrogate in a UTM value (a 500 from the JSON column once).
      [
        { url: 'https://a.example', utm: { source: 'a\ud800' } },
        400,
        /must not contain control characters/,
      ],
      // Year 0 is no PostgreSQL date (a 500 once); 0099 was stored as 1999.
      [
        { url: 'https://a.example', expires_at: '0000-01-01T00:00:00Z' },
        400,
        /years 2000 and 2299/,
      ],
      [
        { url: 'https://a.example', expires_at: '0099-06-01T00:00:00Z' },
        400,
        /years 2000 and 2299/,
      ],
      [
        { url: 'https://a.example', expires_at: '1999-12-31T23:59:59Z' },
        400,
        /years 2000 and 2299/,
      ],
      [
        { url: 'https://a.example', expires_at: '2300-01-01T00:00:00Z' },
        400,
        /years 2000 and 2299/,
      ],
      [
        { url: 'https://a.example', expires_at: '2299-12-31T23:00:00-05:00' },
        400,
        /years 2000 and 2299/,
      ],
      [{ url: 'https://a.example', expired_url: 'mailto:a@b.c' }, 400, /"after expiry" URL/],
      [{ url: 'https://a.example', utm: { source: 'x'.repeat(256) } }, 400, /UTM source/],
    ];
    for (const [body, status, message] of cases) {
      const res = await call('POST', '/v1/short-urls', { brand_id: t.brandId, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message, JSON.stringify(body)).toMatch(message);
    }
    // The taken slug is named on its field too.
    const taken = await call('POST', '/v1/short-urls', {
      brand_id: t.brandId,
      url: 'https://a.example',
      slug: 'WINTER-SALE',
    });
    expect(taken.json().details).toEqual([
      { path: 'slug', message: expect.stringMatching(/already taken/) },
    ]);
  });

  it('keeps expiry dates within 2000–2299 as sent', async () => {
    const { make: create, as: call } = await freshOwner();
    for (const expires_at of ['2000-01-01T00:00:00Z', '2299-12-31T23:59:00Z']) {
      const link = await create({ url: 'https://a.example/', expires_at });
      expect(link.expires_at).toBe(new Date(expires_at).toISOString());
      const got = (await call('GET', `/v1/short-urls/${link.id}`)).json().data as ShortUrl;
      expect(got.expires_at).toBe(new Date(expires_at).toISOString());
    }
  });

  it('stores an "after expiry" URL as the URL parser writes it and redirects to it', async () => {
    const cases: [string, string][] = [
      // Non-Latin-1 text (a bare Fastify 500 at the redirect once).
      [
        'https://shop.example.com/ausverkauft/ü?q=✓ €',
        'https://shop.example.com/ausverkauft/%C3%BC?q=%E2%9C%93%20%E2%82%AC',
      ],
      ['https://bücher.example/ende', 'https://xn--bcher-kva.example/ende'],
      // Line breaks inside (header injection) are dropped by the parser.
      [
        'https://shop.example.com/a\r\nSet-Cookie: x=1',
        'https://shop.example.com/aSet-Cookie:%20x=1',
      ],
    ];
    const { make: create } = await freshOwner();
    for (const [i, [sent, stored]] of cases.entries()) {
      const link = await create({
        url: 'https://a.example/',
        slug: `after-${i}`,
        expires_at: '2024-01-01T00:00:00Z',
        expired_url: sent,
      });
      expect(link.expired_url, sent).toBe(stored);
      const res = await visit(`/s/after-${i}`);
      expect(res.statusCode, sent).toBe(302);
      expect(res.headers.location, sent).toBe(stored);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it("moves a link to another product only within that product's limit", async () => {
    const { owner, brandId: from, as } = await freshOwner('From');
    // A second product of a free account (the plan allows one; set up directly).
    const [full] = await t.database.db
      .insert(brands)
      .values({
        ownerId: owner.userId,
        name: 'Full',
        domain: 'full.example',
        writeKey: `wk_move_${Date.now()}`,
      })
      .returning({ id: brands.id });
    await t.database.db.insert(shortUrls).values(
      Array.from({ length: SHORT_URL_LIMITS.free }, (_, i) => ({
        brandId: full!.id,
        slug: `move-full-${i}`,
        url: 'https://e.example/',
      })),
    );
    const made = await as('POST', '/v1/short-urls', { brand_id: from, url: 'https://e.example/m' });
    expect(made.statusCode, made.body).toBe(201);
    const id = (made.json().data as ShortUrl).id;
    const move = await as('PUT', `/v1/short-urls/${id}`, {
      brand_id: full!.id,
      url: 'https://e.example/m',
    });
    expect(move.statusCode, move.body).toBe(403);
    expect(move.json()).toMatchObject({ code: 'plan_limit_reached' });
    expect(move.json().message).toMatch(/Free plan allows 10 short links per product/);
    expect(((await as('GET', `/v1/short-urls/${id}`)).json().data as ShortUrl).brand_id).toBe(from);
    // With room again, the move goes through; saving within the same product never counts.
    await t.database.db.delete(shortUrls).where(eq(shortUrls.slug, 'move-full-0'));
    const moved = await as('PUT', `/v1/short-urls/${id}`, {
      brand_id: full!.id,
      url: 'https://e.example/m',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json().data as ShortUrl).brand_id).toBe(full!.id);
    const again = await as('PUT', `/v1/short-urls/${id}`, {
      brand_id: full!.id,
      url: 'https://e.example/m2',
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('documents the calls in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(res.statusCode, res.body).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/v1/short-urls',
        '/v1/short-urls/{id}',
        '/v1/short-urls/{id}/report',
      ]),
    );
    expect(paths.some((p) => p.startsWith('/s/'))).toBe(false);
  });

  it("answers 404 for another account's links and products", async () => {
    const theirs = await create(
      { brand_id: strangersBrand, url: 'https://theirs.example', slug: 'theirs-1' },
      stranger,
    );
    for (const [method, url] of [
      ['GET', `/v1/short-urls/${theirs.id}`],
      ['DELETE', `/v1/short-urls/${theirs.id}`],
      ['GET', `/v1/short-urls/${theirs.id}/report`],
    ] as const) {
      const res = await call(method, url);
      expect(res.statusCode, url).toBe(404);
    }
    const put = await call('PUT', `/v1/short-urls/${theirs.id}`, {
      brand_id: t.brandId,
      url: 'https://mine.example',
    });
    expect(put.statusCode).toBe(404);
    const into = await call('POST', '/v1/short-urls', {
      brand_id: strangersBrand,
      url: 'https://mine.example',
    });
    expect(into.statusCode).toBe(404);
    const list = await call('GET', `/v1/short-urls?brand_id=${strangersBrand}`);
    expect(list.statusCode).toBe(404);
    const mine = (await call('GET', '/v1/short-urls?limit=100')).json().data.data as ShortUrl[];
    expect(mine.map((l) => l.slug)).not.toContain('theirs-1');
    // Still there for its owner.
    expect((await stranger('GET', `/v1/short-urls/${theirs.id}`)).statusCode).toBe(200);
    expect((await call('GET', '/v1/short-urls')).statusCode).toBe(200);
  });
});

describe(`short link redirect (${ENGINE})`, () => {
  it('answers 302 with the query forwarded and merged with the UTM values', async () => {
    await create({
      url: 'https://shop.example.com/p?color=red&utm_source=site',
      slug: 'merge-1',
      utm: { source: 'newsletter', medium: 'email', campaign: 'spring' },
    });
    const res = await visit('/s/merge-1?utm_medium=sms&coupon=A1&coupon=B2');
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('private, max-age=0');
    const to = new URL(res.headers.location as string);
    expect(to.origin + to.pathname).toBe('https://shop.example.com/p');
    expect(to.searchParams.get('color')).toBe('red');
    expect(to.searchParams.get('utm_source')).toBe('newsletter');
    expect(to.searchParams.get('utm_medium')).toBe('sms');
    expect(to.searchParams.get('utm_campaign')).toBe('spring');
    expect(to.searchParams.getAll('coupon')).toEqual(['A1', 'B2']);
    // Slugs match without case.
    expect((await visit('/s/MERGE-1')).statusCode).toBe(302);
  });

  it("never lets the visitor's query replace a parameter the link sets, only add or override utm_*", async () => {
    const { make: create } = await freshOwner();
    await create({
      url: 'https://shop.example.com/login?next=/home',
      slug: 'promo1',
      utm: { source: 'newsletter' },
    });
    const res = await visit('/s/promo1?next=https://evil.example/&NEXT=x&utm_source=sms&lang=de');
    expect(res.statusCode).toBe(302);
    const to = new URL(res.headers.location as string);
    expect([...to.searchParams]).toEqual([
      ['next', '/home'],
      ['utm_source', 'sms'],
      ['lang', 'de'],
    ]);
  });

  it('answers a branded 404 for unknown slugs and 410 (or the after-expiry URL) for others', async () => {
    for (const path of ['/s/nope-nope', '/s/a', '/s/%00bad']) {
      const res = await visit(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('private, max-age=0');
      expect(res.body).toContain('Link not found');
      expect(res.body).toContain('Signpost');
    }
    await create({ url: 'https://a.example', slug: 'off-1', disabled: true });
    const off = await visit('/s/off-1');
    expect(off.statusCode).toBe(410);
    expect(off.body).toContain('Link no longer available');

    await create({ url: 'https://a.example', slug: 'old-1', expires_at: '2024-01-01T00:00:00Z' });
    expect((await visit('/s/old-1')).statusCode).toBe(410);
    await create({
      url: 'https://a.example',
      slug: 'old-2',
      expires_at: '2024-01-01T00:00:00Z',
      expired_url: 'https://shop.example.com/expired',
    });
    const after = await visit('/s/old-2');
    expect(after.statusCode).toBe(302);
    expect(after.headers.location).toBe('https://shop.example.com/expired');
    // Not yet expired: the destination.
    await create({
      url: 'https://a.example/',
      slug: 'later-1',
      expires_at: '2024-02-01T00:00:00Z',
    });
    expect((await visit('/s/later-1')).headers.location).toBe('https://a.example/');
    // A link switched off takes effect at once.
    const link = await create({ url: 'https://a.example/', slug: 'toggle-1' });
    expect((await visit('/s/toggle-1')).statusCode).toBe(302);
    await call('PUT', `/v1/short-urls/${link.id}`, {
      brand_id: t.brandId,
      url: 'https://a.example/',
      disabled: true,
    });
    expect((await visit('/s/toggle-1')).statusCode).toBe(410);
  });

  it('records each click as a link_clicked event, bots flagged, without the raw address', async () => {
    await create({ url: 'https://shop.example.com/', slug: 'bots-1', utm: { source: 'mail' } });
    const table: [string, Parameters<typeof visit>[1], boolean][] = [
      ['browser', {}, false],
      ['HEAD', { method: 'HEAD' }, true],
      ['Sec-Purpose prefetch', { headers: { 'sec-purpose': 'prefetch' } }, true],
      ['Purpose prefetch', { headers: { purpose: 'prefetch' } }, true],
      ['Slack', { headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0' } }, true],
      ['Facebook', { headers: { 'user-agent': 'facebookexternalhit/1.1' } }, true],
      ['Twitter', { headers: { 'user-agent': 'Twitterbot/1.0' } }, true],
      ['LinkedIn', { headers: { 'user-agent': 'LinkedInBot/1.0 (compatible)' } }, true],
      ['WhatsApp', { headers: { 'user-agent': 'WhatsApp/2.23.20.0 A' } }, true],
      ['Googlebot', { headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' } }, true],
      ['curl', { headers: { 'user-agent': 'curl/8.5.0' } }, true],
    ];
    for (const [name, opts] of table) {
      const res = await visit('/s/bots-1', { ip: '198.51.100.1', ...opts });
      expect(res.statusCode, name).toBe(302);
    }
    const events = await clickEvents('bots-1');
    expect(events).toHaveLength(table.length);
    expect(events.filter((e) => e.properties.bot === false)).toHaveLength(1);
    expect(events.filter((e) => e.properties.bot === true)).toHaveLength(table.length - 1);
    const human = events.find((e) => e.properties.bot === false)!;
    expect(human).toMatchObject({
      type: 'track',
      event: 'link_clicked',
      userId: null,
      browser: 'Chrome',
      os: 'Windows',
      device: 'Desktop',
      path: '/s/bots-1',
      properties: { slug: 'bots-1', utm_source: 'mail', unique: true, bot: false },
    });
    expect(typeof human.properties.link_id).toBe('number');
    expect(JSON.stringify(events)).not.toContain('198.51.100.1');

    const link = (await call('GET', `/v1/short-urls?search=bots-1`)).json().data
      .data[0] as ShortUrl;
    expect(link).toMatchObject({ clicks: 1, unique_clicks: 1, bot_clicks: table.length - 1 });
  });

  it('counts one unique click per visitor per link per hour', async () => {
    const link = await create({ url: 'https://shop.example.com/', slug: 'uniq-1' });
    now = new Date('2024-01-10T13:05:00.000Z');
    await visit('/s/uniq-1', { ip: '192.0.2.1' });
    await visit('/s/uniq-1', { ip: '192.0.2.1' });
    await visit('/s/uniq-1', { ip: '192.0.2.2' });
    await visit('/s/uniq-1', { ip: '192.0.2.1', headers: { 'user-agent': IPHONE } });
    now = new Date('2024-01-10T13:55:00.000Z');
    await visit('/s/uniq-1', { ip: '192.0.2.1' });
    now = new Date('2024-01-10T14:01:00.000Z');
    await visit('/s/uniq-1', { ip: '192.0.2.1' });
    const events = await clickEvents('uniq-1');
    expect(events).toHaveLength(6);
    expect(events.filter((e) => e.properties.unique === true)).toHaveLength(4);
    const got = (await call('GET', `/v1/short-urls/${link.id}`)).json().data as ShortUrl;
    expect(got).toMatchObject({ clicks: 6, unique_clicks: 4, bot_clicks: 0 });
  });

  it('reports totals, series and breakdowns from the event store', async () => {
    const link = await create({ url: 'https://shop.example.com/', slug: 'rep-1' });
    now = new Date('2024-01-08T09:00:00.000Z');
    await visit('/s/rep-1?utm_source=fb', {
      ip: '10.0.0.1',
      headers: {
        referer: 'https://mail.google.com/mail/u/0/',
        'accept-language': 'de-DE,de;q=0.9',
      },
    });
    now = new Date('2024-01-10T15:00:00.000Z');
    await visit('/s/rep-1', { ip: '10.0.0.2', headers: { 'user-agent': IPHONE } });
    await visit('/s/rep-1', { ip: '10.0.0.2', headers: { 'user-agent': IPHONE } });
    await visit('/s/rep-1', { ip: '10.0.0.3', headers: { 'user-agent': 'Twitterbot/1.0' } });
    await t.app.ctx.shortUrlClicks.flush();

    const res = await call('GET', `/v1/short-urls/${link.id}/report?date_preset=past_7_day`);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().data as ShortUrlReport;
    expect(r.totals).toEqual({ clicks: 3, unique_clicks: 2, bot_clicks: 1 });
    expect(r.series).toHaveLength(7);
    expect(r.series.find((p) => p.bucket === '2024-01-08')).toEqual({
      bucket: '2024-01-08',
      clicks: 1,
      unique_clicks: 1,
    });
    expect(r.series.find((p) => p.bucket === '2024-01-10')).toEqual({
      bucket: '2024-01-10',
      clicks: 2,
      unique_clicks: 1,
    });
    expect(r.series.reduce((n, p) => n + p.clicks, 0)).toBe(3);
    expect(r.countries).toEqual([
      { value: '', clicks: 2 },
      { value: 'DE', clicks: 1 },
    ]);
    expect(r.referrers).toEqual([
      { value: '', clicks: 2 },
      { value: 'mail.google.com', clicks: 1 },
    ]);
    expect(r.devices).toEqual([
      { value: 'Mobile', clicks: 2 },
      { value: 'Desktop', clicks: 1 },
    ]);
    expect(r.utm_sources).toEqual([
      { value: '', clicks: 2 },
      { value: 'fb', clicks: 1 },
    ]);

    const all = (
      await call('GET', `/v1/short-urls/${link.id}/report?date_preset=past_7_day&include_bots=true`)
    ).json().data as ShortUrlReport;
    expect(all.totals).toEqual({ clicks: 4, unique_clicks: 2, bot_clicks: 1 });
    expect(all.series.reduce((n, p) => n + p.clicks, 0)).toBe(4);

    const custom = await call(
      'GET',
      `/v1/short-urls/${link.id}/report?date_preset=custom_range&from=2024-01-09&to=2024-01-10&granularity=day`,
    );
    expect(custom.json().data.totals.clicks).toBe(2);
    const bad = await call('GET', `/v1/short-urls/${link.id}/report?date_preset=custom_range`);
    expect(bad.statusCode).toBe(400);
  });

  it('limits redirects per address', async () => {
    await withTestApp({ env: { SHORT_URL_RATE_PER_IP: '3' } }, async (limited) => {
      const results = [];
      for (let i = 0; i < 4; i++)
        results.push(
          (
            await limited.app.inject({
              method: 'GET',
              url: '/s/whatever',
              remoteAddress: '192.0.2.9',
            })
          ).statusCode,
        );
      expect(results).toEqual([404, 404, 404, 429]);
    });
  });
});

describe(`short link plan limit (${ENGINE})`, () => {
  it(`allows ${SHORT_URL_LIMITS.free} links per product on the free plan, then answers 403`, async () => {
    const { brandId: b, call: as } = await createAccount(t.app, { brand: 'Limited' });
    for (let i = 0; i < SHORT_URL_LIMITS.free; i++) {
      const res = await as('POST', '/v1/short-urls', {
        brand_id: b,
        url: `https://e.example/${i}`,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await as('POST', '/v1/short-urls', { brand_id: b, url: 'https://e.example/x' });
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({ code: 'plan_limit_reached' });
    expect(over.json().message).toMatch(/Free plan allows 10 short links per product/);
  });
});

describe(`short link blocklist and host (${ENGINE})`, () => {
  it('refuses destinations on the blocklist with a message, naming the field', async () => {
    const { as, brandId: b } = await freshOwner();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ url: 'https://bit.ly/abc' }, 'url', /Links to bit\.ly are not allowed/],
      [{ url: 'https://www.TinyURL.com/x' }, 'url', /Links to tinyurl\.com are not allowed/],
      [{ url: 'http://printer.local/' }, 'url', /Links to local are not allowed/],
      [
        { url: 'https://shop.example.com/', expired_url: 'https://t.co/x' },
        'expired_url',
        /Links to t\.co are not allowed/,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await as('POST', '/v1/short-urls', { brand_id: b, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'destination_blocked' });
      expect(res.json().message).toMatch(message);
      expect(res.json().details).toEqual([{ path: field, message: res.json().message }]);
    }
    const ok = await as('POST', '/v1/short-urls', {
      brand_id: b,
      url: 'https://shop.example.com/',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const put = await as('PUT', `/v1/short-urls/${(ok.json().data as ShortUrl).id}`, {
      brand_id: b,
      url: 'https://bit.ly/abc',
    });
    expect(put.statusCode).toBe(400);
    expect(put.json()).toMatchObject({ code: 'destination_blocked' });
  });

  it("adds the operator's file, stops stored links it blocks, and keeps links off the dashboard's host", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'signpost-blocklist-'));
    const file = path.join(dir, 'blocklist.txt');
    writeFileSync(file, '# ours\nphish.example\n');
    await withTestApp(
      {
        env: {
          SHORT_URL_BLOCKLIST_FILE: file,
          SHORT_URL_BASE_URL: 'https://go.signpost-links.example',
        },
      },
      async (other) => {
        const { brandId: b, call: as } = await createAccount(other.app);
        const refused = await as('POST', '/v1/short-urls', {
          brand_id: b,
          url: 'https://login.phish.example/',
        });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().message).toMatch(/Links to phish\.example are not allowed/);
        // Stored before the operator listed the host: no longer followed.
        await other.database.db.insert(shortUrls).values([
          { brandId: b, slug: 'listed-1', url: 'https://phish.example/x' },
          {
            brandId: b,
            slug: 'listed-2',
            url: 'https://shop.example.com/',
            expiresAt: new Date('2024-01-01T00:00:00Z'),
            expiredUrl: 'https://phish.example/after',
          },
        ]);
        const made = await as('POST', '/v1/short-urls', {
          brand_id: b,
          url: 'https://shop.example.com/',
          slug: 'host-1',
        });
        expect((made.json().data as ShortUrl).short_url).toBe(
          'https://go.signpost-links.example/s/host-1',
        );
        // Our own short-link host: a link to a link only loops or inflates clicks.
        const loop = await as('POST', '/v1/short-urls', {
          brand_id: b,
          url: 'https://go.signpost-links.example/s/host-1',
        });
        expect(loop.statusCode).toBe(400);
        expect(loop.json().message).toMatch(/Links to go\.signpost-links\.example are not allowed/);
        const on = (host: string, url: string) =>
          other.app.inject({ method: 'GET', url, headers: { host, 'user-agent': CHROME } });
        expect((await on('go.signpost-links.example', '/s/listed-1')).statusCode).toBe(410);
        expect((await on('go.signpost-links.example', '/s/listed-2')).statusCode).toBe(410);
        const there = await on('go.signpost-links.example', '/s/host-1');
        expect(there.statusCode).toBe(302);
        expect(there.headers.location).toBe('https://shop.example.com/');
        // The dashboard's own host does not answer short links when they have a host of their own.
        const dashboard = await on('localhost:3000', '/s/host-1');
        expect(dashboard.statusCode).toBe(404);
        expect(dashboard.body).toContain('Link not found');
      },
    );
  });
});

describe(`short link redirect with the event store down (${ENGINE})`, () => {
  it('still redirects, and the failed write is only logged', async () => {
    const { openAnalyticsStore } = await import('@/server/analytics');
    const store = await openAnalyticsStore({ dataDir: ':memory:' });
    await withTestApp({ analytics: store }, async (down) => {
      const { brandId: b, call: as } = await createAccount(down.app);
      const res = await as('POST', '/v1/short-urls', {
        brand_id: b,
        url: 'https://shop.example.com/',
        slug: 'down-1',
      });
      expect(res.statusCode, res.body).toBe(201);
      await store.close(); // every write now rejects
      for (let i = 0; i < 3; i++) {
        const r = await down.app.inject({ method: 'GET', url: '/s/down-1' });
        expect(r.statusCode).toBe(302);
        expect(r.headers.location).toBe('https://shop.example.com/');
      }
      await expect(down.app.ctx.shortUrlClicks.flush()).resolves.toBeUndefined();
      const link = (await as('GET', '/v1/short-urls')).json().data.data[0] as ShortUrl;
      expect(link.clicks).toBe(0);
    });
  });
});

describe(`seed:demo short links (${ENGINE})`, () => {
  it('creates three links with clicks spread over 30 days, once', async () => {
    const { seedDemoShortUrls, DEMO_SHORT_URLS } = await import('@/scripts/seed-demo-short-urls');
    const owner = await createAccount(t.app, { brand: 'Demo' });
    const { brandId: b, call: as } = owner;
    const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
      const res = await as(method, url, body);
      return { status: res.statusCode, body: res.json() as { data: unknown } };
    };
    let seed = 7;
    const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const at = now.getTime();
    const first = await seedDemoShortUrls({
      app: t.app,
      call,
      brandId: b,
      ownerId: owner.userId,
      days: 30,
      now: at,
      rand,
    });
    expect(first.made).toEqual(DEMO_SHORT_URLS.map((l) => l.slug));
    expect(first.clicks).toBeGreaterThan(100);
    const again = await seedDemoShortUrls({
      app: t.app,
      call,
      brandId: b,
      ownerId: owner.userId,
      days: 30,
      now: at,
      rand,
    });
    expect(again).toEqual({ made: [], clicks: 0 });

    const links = (await as('GET', `/v1/short-urls?brand_id=${b}`)).json().data.data as ShortUrl[];
    expect(links).toHaveLength(3);
    const total = links.reduce((n, l) => n + l.clicks + l.bot_clicks, 0);
    expect(total).toBe(first.clicks);
    const report = (
      await as('GET', `/v1/short-urls/${links[0]!.id}/report?date_preset=past_30_day`)
    ).json().data as ShortUrlReport;
    expect(report.series).toHaveLength(30);
    expect(report.series.filter((p) => p.clicks > 0).length).toBeGreaterThan(20);
    expect(report.totals.clicks).toBe(links[0]!.clicks);
  });
});
