import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import {
  aCustomerCondition,
  aSegmentBody,
  anEventSegmentCondition as event,
  createSegment,
  firstProblem as problem,
} from '../fixtures/segments';
import { ENGINE, setupTestAccount } from './helpers';

// The background count would store member_count / computed_at while this test reads them
// (tests/server/segments-counts.test.ts drives it).
const t = setupTestAccount({ segmentCounts: false });
const { call } = t;
const S = MESSAGES.segments;
const customer = aCustomerCondition;
const body = (name: string, conditions?: unknown[], brandId = t.brandId) =>
  aSegmentBody(brandId, name, conditions);
const create = (name: string, conditions?: unknown[]) =>
  createSegment(call, t.brandId, name, conditions);

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
