import { describe, expect, it } from 'vitest';
import { MAX_SEGMENT_DEPTH } from '@/lib/contracts/segments';
import { MESSAGES } from '@/lib/messages';
import {
  aCustomerCondition,
  aSegmentBody,
  aSegmentRef,
  createSegment,
  firstProblem as problem,
} from '../fixtures/segments';
import { createAccount, ENGINE, setupTestAccount } from './helpers';

const t = setupTestAccount();
const { call } = t;
const S = MESSAGES.segments;
const customer = aCustomerCondition;
const ref = aSegmentRef;
const body = (name: string, conditions?: unknown[], brandId = t.brandId) =>
  aSegmentBody(brandId, name, conditions);
const create = (name: string, conditions?: unknown[]) =>
  createSegment(call, t.brandId, name, conditions);

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
