import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_SEGMENT_DEPTH, MAX_SEGMENTS_PER_PRODUCT } from '@/lib/contracts/segments';
import { MESSAGES } from '@/lib/messages';
import { segments } from '@/server/db/schema';
import { createAccount, ENGINE, setupTestAccount, type TestAccount } from './helpers';

const t = setupTestAccount();
const { call } = t;
const S = MESSAGES.segments;

const customer = (value: unknown, condition_type = 'exact', customer_key = 'plan') => ({
  type: 'customer',
  customer_key,
  condition_type,
  value,
});
const event = (over: Record<string, unknown> = {}) => ({
  type: 'event',
  event_code: 'order_completed',
  frequency: { condition_type: 'at_least', value: 2 },
  timeframe: { condition_type: 'in_the_last', value: 30, unit: 'days' },
  attribute_conditions: [],
  attribute_condition_operator: 'AND',
  ...over,
});
const ref = (segment_id: number, negate = false) => ({ type: 'segment', segment_id, negate });
const body = (name: string, conditions: unknown[] = [customer('pro')], brandId = t.brandId) => ({
  brand_id: brandId,
  name,
  definition: { operator: 'AND', conditions },
});
const create = async (name: string, conditions?: unknown[]) => {
  const res = await call('POST', '/v1/segments', body(name, conditions));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; name: string };
};
/** The 400's message and first detail. */
const problem = async (res: { statusCode: number; json: () => unknown; body: string }) => {
  expect(res.statusCode, res.body).toBe(400);
  const b = res.json() as { message: string; details: { path: string; message: string }[] };
  expect(b.details[0]?.message).toBe(b.message);
  return b.details[0];
};

describe(`segments CRUD (${ENGINE})`, () => {
  it('creates, reads, updates, lists and deletes a segment', async () => {
    const conditions = [
      customer('pro'),
      event(),
      { type: 'group', operator: 'OR', conditions: [customer(null, 'empty', 'email')] },
    ];
    const created = await call('POST', '/v1/segments', body('Pro buyers', conditions));
    expect(created.statusCode, created.body).toBe(201);
    const seg = created.json().data;
    expect(seg).toMatchObject({
      brand_id: t.brandId,
      name: 'Pro buyers',
      member_count: null,
      computed_at: null,
      definition: { operator: 'AND', conditions: [{ type: 'customer' }, { type: 'event' }, {}] },
    });
    expect(seg.definition.conditions[1].event_id).toBeNull();
    expect(typeof seg.created_at).toBe('string');

    expect((await call('GET', `/v1/segments/${seg.id}`)).json().data).toEqual(seg);
    const updated = await call('PUT', `/v1/segments/${seg.id}`, body('  Pro customers  '));
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ name: 'Pro customers', id: seg.id });
    expect(updated.json().data.definition.conditions).toHaveLength(1);

    const list = await call('GET', `/v1/segments?brand_id=${t.brandId}&search=pro%20cust`);
    expect(list.json().data).toEqual({
      data: [
        {
          id: seg.id,
          brand_id: t.brandId,
          name: 'Pro customers',
          member_count: null,
          computed_at: null,
          updated_at: updated.json().data.updated_at,
        },
      ],
      total: 1,
      nextCursor: null,
    });

    const removed = await call('DELETE', `/v1/segments/${seg.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.message).toBe(S.deletedAnswer);
    const gone = await call('GET', `/v1/segments/${seg.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(S.notFound);
    expect((await call('DELETE', `/v1/segments/${seg.id}`)).statusCode).toBe(404);
  });

  it('keeps names unique within a product', async () => {
    const a = await create('Unique name');
    const dup = await call('POST', '/v1/segments', body('Unique name'));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ message: S.nameTaken, details: [{ path: 'name' }] });
    const b = await create('Other name');
    const renamed = await call('PUT', `/v1/segments/${b.id}`, body('Unique name'));
    expect(renamed.statusCode).toBe(409);
    expect((await call('PUT', `/v1/segments/${a.id}`, body('Unique name'))).statusCode).toBe(200);
  });
});

describe(`segment validation (${ENGINE})`, () => {
  const post = (b: unknown) => call('POST', '/v1/segments', b);

  it('requires a name of at most 255 characters', async () => {
    expect(await problem(await post(body('   ')))).toEqual({
      path: 'name',
      message: MESSAGES.field.required('Name'),
    });
    expect(await problem(await post(body('x'.repeat(256))))).toEqual({
      path: 'name',
      message: MESSAGES.field.tooLong(255),
    });
  });

  it('answers the first problem of the definition with its path', async () => {
    const cases: [unknown[], string, string][] = [
      [[], 'definition.conditions', S.noConditions],
      [
        [customer('pro'), customer('', 'exact')],
        'definition.conditions.1.value',
        MESSAGES.flows.valueRequired,
      ],
      [[customer('ten', '>')], 'definition.conditions.0.value', MESSAGES.flows.valueNumber],
      [[customer('x', 'exact', '')], 'definition.conditions.0.customer_key', S.attributeRequired],
      [
        [event({ event_code: '' })],
        'definition.conditions.0.event_code',
        MESSAGES.flows.eventCodeRequired,
      ],
      [
        [event({ frequency: { condition_type: 'at_least', value: null } })],
        'definition.conditions.0.frequency.value',
        MESSAGES.flows.frequencyRequired,
      ],
      [
        [event({ timeframe: { condition_type: 'in_the_last', value: 0, unit: 'days' } })],
        'definition.conditions.0.timeframe.value',
        MESSAGES.flows.timeRangeAtLeastOne,
      ],
      [
        [
          event({
            attribute_conditions: [
              { attribute_key: 'total', condition_type: 'before', value: 'soon' },
            ],
          }),
        ],
        'definition.conditions.0.attribute_conditions.0.value',
        MESSAGES.flows.valueDate,
      ],
      [
        [
          customer('pro'),
          { type: 'group', operator: 'OR', conditions: [customer('pro'), customer('x', '<')] },
        ],
        'definition.conditions.1.conditions.1.value',
        MESSAGES.flows.valueNumber,
      ],
      [
        [{ type: 'group', operator: 'OR', conditions: [] }],
        'definition.conditions.0.conditions',
        S.emptyGroup,
      ],
      [
        Array.from({ length: 21 }, () => customer('pro')),
        'definition.conditions',
        S.maxConditions(20),
      ],
    ];
    for (const [conditions, path, message] of cases)
      expect(await problem(await post(body('Bad', conditions))), path).toEqual({ path, message });
  });

  it('refuses a group in a group and unknown kinds of condition', async () => {
    const nested = { type: 'group', operator: 'AND', conditions: [customer('pro')] };
    const deep = await post(body('Bad', [{ type: 'group', operator: 'OR', conditions: [nested] }]));
    expect(deep.statusCode).toBe(400);
    expect(deep.json().details[0].path).toMatch(/^definition\.conditions\.0\.conditions\.0/);
    expect((await post(body('Bad', [{ type: 'url', value: '/' }]))).statusCode).toBe(400);
    expect((await post(body('Bad', [customer('x', 'resembles')]))).statusCode).toBe(400);
  });
});

describe(`segments including segments (${ENGINE})`, () => {
  it('refuses a segment that does not exist in the product, at its path', async () => {
    const other = await createAccount(t.app);
    const theirs = await other.call(
      'POST',
      '/v1/segments',
      body('Theirs', undefined, other.brandId),
    );
    const cases = [999_999, theirs.json().data.id as number];
    for (const id of cases)
      expect(
        await problem(
          await call(
            'POST',
            '/v1/segments',
            body('Refers', [
              customer('pro'),
              { type: 'group', operator: 'OR', conditions: [ref(id)] },
            ]),
          ),
        ),
      ).toEqual({
        path: 'definition.conditions.1.conditions.0.segment_id',
        message: S.unknownSegment,
      });
  });

  it('refuses a segment that includes itself or closes a cycle', async () => {
    const a = await create('Cycle A');
    const b = await create('Cycle B', [ref(a.id)]);
    expect(
      await problem(await call('PUT', `/v1/segments/${a.id}`, body('Cycle A', [ref(a.id)]))),
    ).toEqual({
      path: 'definition.conditions.0.segment_id',
      message: S.selfReference,
    });
    expect(
      await problem(
        await call(
          'PUT',
          `/v1/segments/${a.id}`,
          body('Cycle A', [customer('pro'), ref(b.id, true)]),
        ),
      ),
    ).toEqual({
      path: 'definition.conditions.1.segment_id',
      message: S.cycle('"Cycle A" → "Cycle B" → "Cycle A"'),
    });
  });

  it(`allows ${MAX_SEGMENT_DEPTH} levels and no more`, async () => {
    const c = await create('Depth C');
    const b = await create('Depth B', [ref(c.id)]);
    const a = await create('Depth A', [ref(b.id, true)]);
    const tooDeep = {
      path: 'definition.conditions.0.segment_id',
      message: S.tooDeep(MAX_SEGMENT_DEPTH),
    };
    expect(
      await problem(await call('POST', '/v1/segments', body('Depth top', [ref(a.id)]))),
    ).toEqual(tooDeep);
    // C gaining a reference makes A → B → C → D four deep.
    const d = await create('Depth D');
    expect(
      await problem(await call('PUT', `/v1/segments/${c.id}`, body('Depth C', [ref(d.id)]))),
    ).toEqual(tooDeep);
  });

  it('refuses deleting a segment another includes, naming it', async () => {
    const base = await create('Included');
    const user = await create('Includer', [
      customer('pro'),
      { type: 'group', operator: 'OR', conditions: [ref(base.id)] },
    ]);
    const res = await call('DELETE', `/v1/segments/${base.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(S.usedBySegment('Includer'));
    expect((await call('DELETE', `/v1/segments/${user.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/v1/segments/${base.id}`)).statusCode).toBe(200);
  });
});

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
