import { describe, expect, it } from 'vitest';
import { createBrandAccess } from '@/server/modules/brands/brand-access';
import { createBrandsRepository } from '@/server/modules/brands/brands.repository';
import { createDataExportRepository } from '@/server/modules/data-export/data-export.repository';
import {
  createDataExportService,
  type ExportStream,
} from '@/server/modules/data-export/data-export.service';
import { createAccount, ingest, setupTestAccount } from './helpers';

/**
 * The data export (docs/data-export.md): every event and profile of a product as NDJSON or CSV,
 * owner-scoped, with fields to narrow, one export per account at a time, and a cursor on every
 * row that resumes right after it — cut anywhere, resumed from the last whole row, every row comes
 * exactly once.
 */

const T0 = Date.parse('2026-10-01T00:00:00Z');

/** 40 events of 8 customers; four share one timestamp, so ties are broken by message id. */
function events() {
  return Array.from({ length: 40 }, (_, i) => ({
    type: 'track',
    event: i % 2 ? 'Order Placed' : 'Signed In',
    userId: `u${i % 8}`,
    messageId: `m-${String(i).padStart(3, '0')}`,
    timestamp: new Date(i < 4 ? T0 : T0 + i * 60_000).toISOString(),
    properties: { total: i, note: i === 5 ? 'a,"quoted"\nline' : 'plain' },
  }));
}

const text = async (s: ExportStream) => {
  let out = '';
  for await (const chunk of s.chunks) out += chunk;
  return out;
};
const lines = (ndjson: string) =>
  ndjson
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('data export', () => {
  const a = setupTestAccount();
  let seeded = false;
  const seed = async () => {
    if (seeded) return;
    seeded = true;
    const res = await ingest(a.app, a.writeKey, '/v1/batch', { batch: events() });
    expect(res.json().accepted, res.body).toBe(40);
    const identify = await ingest(a.app, a.writeKey, '/v1/batch', {
      batch: Array.from({ length: 8 }, (_, i) => ({
        type: 'identify',
        userId: `u${i}`,
        traits: { plan: i % 2 ? 'pro' : 'free', email: `u${i}@example.com` },
      })),
    });
    expect(identify.json().accepted, identify.body).toBe(8);
  };

  /** The service on the test app's own stores, with small pages (many pages from few rows). */
  const smallPages = (pages = { events: 7, profiles: 3 }) =>
    createDataExportService({
      access: createBrandAccess(createBrandsRepository(a.app.ctx.database.db)),
      store: a.app.ctx.analytics,
      repo: createDataExportRepository(a.app.ctx.database.db),
      pages,
    });

  it('streams every event as NDJSON with its properties, oldest first, ties by message id', async () => {
    await seed();
    const res = await a.call('GET', `/v1/export/events?brand_id=${a.brandId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/x-ndjson/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="events-${a.brandId}.ndjson"`,
    );
    const rows = lines(res.body).filter((r) => r.type === 'track');
    expect(rows.map((r) => r.message_id)).toEqual(events().map((e) => e.messageId));
    expect(rows[5]).toMatchObject({
      event: 'Order Placed',
      user_id: 'u5',
      customer_key: 'u5',
      properties: { total: 5, note: 'a,"quoted"\nline' },
    });
    expect(typeof rows[5]!.cursor).toBe('string');
  });

  it('narrows to fields, writes CSV with a header, and keeps the window', async () => {
    await seed();
    const from = new Date(T0 + 10 * 60_000).toISOString();
    const to = new Date(T0 + 20 * 60_000).toISOString();
    const res = await a.call(
      'GET',
      `/v1/export/events?brand_id=${a.brandId}&format=csv&fields=event,properties&from=${from}&to=${to}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const [header, ...body] = res.body.trimEnd().split('\r\n');
    expect(header).toBe('cursor,event,properties');
    expect(body).toHaveLength(10); // minutes 10..19
    expect(body[0]).toMatch(/^[A-Za-z0-9_-]+,Signed In,"{""total"":10,""note"":""plain""}"$/);
  });

  it('exports profiles with their attributes, as NDJSON and CSV', async () => {
    await seed();
    const res = await a.call(
      'GET',
      `/v1/export/profiles?brand_id=${a.brandId}&fields=customer_key,data_attributes`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = lines(res.body);
    expect(rows.map((r) => r.customer_key).sort()).toEqual(
      Array.from({ length: 8 }, (_, i) => `u${i}`).sort(),
    );
    expect(rows.find((r) => r.customer_key === 'u3')).toMatchObject({
      data_attributes: expect.objectContaining({ plan: 'pro' }),
    });
    expect(Object.keys(rows[0]!)).toEqual(['cursor', 'customer_key', 'data_attributes']);
    const csv = await a.call('GET', `/v1/export/profiles?brand_id=${a.brandId}&format=csv`);
    expect(csv.body.split('\r\n')[0]).toBe(
      'cursor,id,customer_key,anonymous_ids,email,name,first_seen,last_seen,data_attributes,metadata',
    );
  });

  it('resumed from the last whole row of a cut at any byte, yields every row exactly once', async () => {
    await seed();
    const svc = smallPages();
    for (const kind of ['events', 'profiles'] as const) {
      for (const format of ['ndjson', 'csv'] as const) {
        const q = { brand_id: a.brandId, format };
        const full = await text(await svc[kind]({ ownerId: a.userId }, q));
        const rowsOf = (body: string) =>
          body.split(format === 'csv' ? '\r\n' : '\n').filter((l) => l && !l.startsWith('cursor,'));
        const all = rowsOf(full);
        expect(all.length).toBe(kind === 'events' ? 48 : 8); // 40 tracks + 8 identifies
        // 3 % and 6 % of the file fall among the first rows, whose timestamps tie.
        const at = (share: number) => Math.floor(full.length * share);
        for (const cut of [1, 57, at(0.03), at(0.06), at(1 / 3), full.length - 2]) {
          const head = full.slice(0, cut);
          const sep = format === 'csv' ? '\r\n' : '\n';
          const whole = rowsOf(
            head.lastIndexOf(sep) < 0 ? '' : head.slice(0, head.lastIndexOf(sep) + sep.length),
          );
          const last = whole.at(-1);
          const cursor = last
            ? format === 'csv'
              ? last.split(',')[0]!
              : (JSON.parse(last) as { cursor: string }).cursor
            : undefined;
          const rest = rowsOf(await text(await svc[kind]({ ownerId: a.userId }, { ...q, cursor })));
          expect([...whole, ...rest], `${kind} ${format} cut at ${cut}`).toEqual(all);
        }
      }
    }
  });

  it('the same resume over HTTP, and a cursor it never gave is refused with a message', async () => {
    await seed();
    const full = lines((await a.call('GET', `/v1/export/events?brand_id=${a.brandId}`)).body);
    const rest = await a.call(
      'GET',
      `/v1/export/events?brand_id=${a.brandId}&cursor=${full[29]!.cursor as string}`,
    );
    expect(lines(rest.body)).toEqual(full.slice(30));
    const bad = await a.call('GET', `/v1/export/events?brand_id=${a.brandId}&cursor=bm9wZQ`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/cursor is not one this export gave/);
  });

  it('downloads through a signed link with no bearer header (the Data section buttons)', async () => {
    await seed();
    for (const kind of ['events', 'profiles']) {
      const path = `/v1/export/${kind}?brand_id=${a.brandId}&format=csv`;
      const made = await a.call('POST', '/v1/download-links', { path });
      expect(made.statusCode, made.body).toBe(200);
      const res = await a.app.inject({ method: 'GET', url: made.json().data.url });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/attachment/);
      expect(res.body.split('\r\n')[0]).toMatch(/^cursor,/);
      // The link opens that address only: another product's export is refused.
      const other = made.json().data.url.replace(`brand_id=${a.brandId}`, 'brand_id=999');
      expect((await a.app.inject({ method: 'GET', url: other })).statusCode).toBe(401);
    }
  });

  it('answers bad parameters with the field and what to send', async () => {
    const cases: [string, RegExp][] = [
      ['format=parquet2', /format must be ndjson, csv or parquet/],
      ['fields=event,nope', /nope is not a field of this export/],
      ['fields=event,event', /must not name a field twice/],
      ['from=yesterday', /from must be a date/],
      ['from=2026-02-01&to=2026-01-01', /from must be before to/],
    ];
    for (const [query, message] of cases) {
      const res = await a.call('GET', `/v1/export/events?brand_id=${a.brandId}&${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json()), query).toMatch(message);
    }
  });

  it("another owner's product answers 404, and nobody signed out reads anything", async () => {
    await seed();
    const b = await createAccount(a.app);
    for (const kind of ['events', 'profiles']) {
      const res = await b.call('GET', `/v1/export/${kind}?brand_id=${a.brandId}`);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toMatch(/u1/);
    }
    const anonymous = await a.app.inject({
      method: 'GET',
      url: `/v1/export/events?brand_id=${a.brandId}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('runs one export per account: a second waits with 429 while another account exports', async () => {
    await seed();
    const b = await createAccount(a.app);
    await ingest(a.app, b.writeKey, '/v1/batch', {
      batch: [{ type: 'track', event: 'Hello', userId: 'b1' }],
    });
    // A's export is open (its first page read, its client not reading on).
    const held = await a.app.ctx.dataExport.events(
      { ownerId: a.userId },
      {
        brand_id: a.brandId,
        format: 'ndjson',
      },
    );
    const refused = await a.call('GET', `/v1/export/profiles?brand_id=${a.brandId}`);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json().message).toMatch(/already running/);
    // B is not held up by A.
    const other = await b.call('GET', `/v1/export/events?brand_id=${b.brandId}`);
    expect(other.statusCode, other.body).toBe(200);
    expect(lines(other.body).map((r) => r.event)).toEqual(['Hello']);
    // A's client goes away: its slot is given back.
    await held.chunks.return(undefined);
    const again = await a.call('GET', `/v1/export/profiles?brand_id=${a.brandId}`);
    expect(again.statusCode).toBe(200);
  });
});
