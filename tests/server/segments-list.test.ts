import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_SEGMENTS_PER_PRODUCT } from '@/lib/contracts/segments';
import { MESSAGES } from '@/lib/messages';
import { segments } from '@/server/db/schema';
import { createSegmentsRepository } from '@/server/modules/segments/segments.repository';
import { aSegmentBody, createSegment } from '../fixtures/segments';
import { createAccount, ENGINE, setupTestAccount, type TestAccount } from './helpers';

const t = setupTestAccount();
const { call } = t;
const S = MESSAGES.segments;
const body = (name: string, conditions?: unknown[], brandId = t.brandId) =>
  aSegmentBody(brandId, name, conditions);
const create = (name: string, conditions?: unknown[]) =>
  createSegment(call, t.brandId, name, conditions);

describe(`segment list search and paging (${ENGINE})`, () => {
  let owner: TestAccount;
  const names = ['Pro plan', 'pro_users', '100% loyal', 'Churn risk', 'Big spenders', 'Prospects'];
  beforeAll(async () => {
    owner = await createAccount(t.app);
    for (const name of names) {
      const res = await owner.call('POST', '/v1/segments', body(name, undefined, owner.brandId));
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  const list = (query: string) =>
    owner.call('GET', `/v1/segments?brand_id=${owner.brandId}&${query}`);
  const namesOf = (res: { json: () => { data: { data: { name: string }[] } } }) =>
    res.json().data.data.map((s) => s.name);

  it('searches names case-insensitively, taking % and _ literally', async () => {
    // Names A→Z ignoring case, in byte order (space, then _, then letters), on every database.
    expect(namesOf(await list('search=PRO'))).toEqual(['Pro plan', 'pro_users', 'Prospects']);
    expect(namesOf(await list('search=%25'))).toEqual(['100% loyal']);
    expect(namesOf(await list('search=_'))).toEqual(['pro_users']);
    const none = await list('search=nothing');
    expect(none.json().data).toEqual({ data: [], total: 0, nextCursor: null });
  });

  it('pages by name with a keyset cursor and counts the total', async () => {
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const res = await list(`limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json().data;
      expect(page.total).toBe(names.length);
      seen.push(...page.data.map((s: { name: string }) => s.name));
      cursor = page.nextCursor;
      pages += 1;
    }
    expect(pages).toBe(2);
    expect(seen).toEqual([
      '100% loyal',
      'Big spenders',
      'Churn risk',
      'Pro plan',
      'pro_users',
      'Prospects',
    ]);
    const filtered = await list('search=pro&limit=2');
    expect(filtered.json().data).toMatchObject({ total: 3, data: [{}, {}] });
    const rest = await list(`search=pro&limit=2&cursor=${filtered.json().data.nextCursor}`);
    expect(namesOf(rest)).toEqual(['Prospects']);
    expect(rest.json().data.nextCursor).toBeNull();
  });

  it('refuses a cursor it did not make', async () => {
    const res = await list('cursor=not-a-cursor');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.profiles.invalidCursor);
  });
});

describe(`segments of other accounts (${ENGINE})`, () => {
  // The service checks the owner first; the repository checks again.
  it('the repository neither reads, updates nor deletes for another owner', async () => {
    const mine = await create('Guarded');
    const other = await createAccount(t.app);
    const repo = createSegmentsRepository(t.database.db);
    const values = {
      brandId: t.brandId,
      name: 'Hijacked',
      definition: { operator: 'AND' as const, conditions: [] },
    };
    expect(await repo.find(other.userId, mine.id)).toBeUndefined();
    expect(await repo.update(other.userId, mine.id, values)).toBeUndefined();
    await repo.remove(other.userId, mine.id);
    expect((await repo.find(t.userId, mine.id))?.name).toBe('Guarded');
  });

  it("answers 404 for another account's segment or product", async () => {
    const mine = await create('Mine');
    const other = await createAccount(t.app);
    const notFound = { statusCode: 404 };
    for (const [method, url, b] of [
      ['GET', `/v1/segments/${mine.id}`, undefined],
      ['PUT', `/v1/segments/${mine.id}`, body('Taken', undefined, other.brandId)],
      ['DELETE', `/v1/segments/${mine.id}`, undefined],
    ] as const) {
      const res = await other.call(method, url, b);
      expect(res, url).toMatchObject(notFound);
      expect(res.json().message).toBe(S.notFound);
    }
    const listed = await other.call('GET', `/v1/segments?brand_id=${t.brandId}`);
    expect(listed.statusCode).toBe(404);
    expect(listed.json().message).toBe(MESSAGES.brands.notFound);
    const posted = await other.call('POST', '/v1/segments', body('Into yours'));
    expect(posted.statusCode).toBe(404);
    expect(posted.json().message).toBe(MESSAGES.brands.notFound);
    const moved = await call(
      'PUT',
      `/v1/segments/${mine.id}`,
      body('Mine', undefined, other.brandId),
    );
    expect(moved.statusCode).toBe(404);
    expect((await call('GET', `/v1/segments/${mine.id}`)).json().data.brand_id).toBe(t.brandId);
  });

  it(`allows ${MAX_SEGMENTS_PER_PRODUCT} segments a product, whatever other products hold`, async () => {
    const full = await createAccount(t.app);
    await t.database.db.insert(segments).values(
      Array.from({ length: MAX_SEGMENTS_PER_PRODUCT - 1 }, (_, i) => ({
        brandId: full.brandId,
        name: `Filler ${i}`,
        definition: { operator: 'AND' as const, conditions: [] },
      })),
    );
    const last = await full.call('POST', '/v1/segments', body('Last one', undefined, full.brandId));
    expect(last.statusCode, last.body).toBe(201);
    const over = await full.call(
      'POST',
      '/v1/segments',
      body('One too many', undefined, full.brandId),
    );
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(S.limitReached(MAX_SEGMENTS_PER_PRODUCT));
    // A full product's segments can still be edited, and other products are not affected.
    const edit = await full.call(
      'PUT',
      `/v1/segments/${last.json().data.id}`,
      body('Renamed', undefined, full.brandId),
    );
    expect(edit.statusCode).toBe(200);
    await create('Unaffected');
  });
});
