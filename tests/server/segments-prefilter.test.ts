import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SegmentCondition, SegmentDefinition } from '@/lib/contracts/segments';
import { type ConditionType, evaluateCondition } from '@/lib/conditions';
import { customerProfiles } from '@/server/db/schema';
import { profileValues } from '@/server/modules/flows/runtime/reads';
import { createSegmentEngine } from '@/server/modules/segments/engine/members';
import { conditionPrefilter, segmentPrefilter } from '@/server/modules/segments/engine/prefilter';
import { prepare, projectedRows } from '@/server/modules/segments/engine/pages';
import { profileReads } from '@/server/modules/segments/engine/profile-reads';
import { createAccount, setupTestAccount } from './helpers';

/**
 * The page query's prefilter (docs/segments.md, "Engine"; docs/adr/0022-segment-engine.md):
 * which conditions it pushes, that its predicates never drop a profile the evaluator would keep
 * on values of every JSON type, and that a prefiltered preview still estimates over every profile.
 */

type Customer = Extract<SegmentCondition, { type: 'customer' }>;
const customer = (customer_key: string, condition_type: ConditionType, value: unknown) =>
  ({ type: 'customer', customer_key, condition_type, value }) as Customer;
const plan = customer('plan', 'exact', 'pro');
/** The prefilter as the engine builds it: over the values of the top-level customer keys. */
const prefilterOf = (definition: SegmentDefinition) =>
  segmentPrefilter(
    definition,
    profileReads(
      definition.conditions.flatMap((c) => (c.type === 'customer' ? [c.customer_key] : [])),
    ).value,
  );

describe('segmentPrefilter: what is pushed', () => {
  it('pushes the top-level customer conditions of an AND definition with a safe predicate', () => {
    const pushed: Customer[] = [
      plan,
      customer('plan', 'empty', null),
      customer('plan', 'not_empty', null),
      customer('score', '>', 5),
      customer('score', '>=', '7'),
      customer('score', '<', 5),
      customer('score', '<=', 5),
      customer('score', '=', 12),
      customer('score', 'between', { from: 1, to: 9 }),
      customer('email', 'exact', 'a@b.c'),
      customer('customer_key', 'exact', 12),
    ];
    const kept: SegmentCondition[] = [
      customer('plan', 'contain', 'pro'),
      customer('plan', 'not_exact', 'pro'),
      customer('plan', 'starts_with', 'p'),
      customer('plan', 'exact', true),
      customer('plan', 'exact', { from: 1, to: 2 }),
      customer('beta', '=', true),
      customer('score', '>', 'many'),
      customer('score', '>', null),
      customer('score', 'between', 5),
      customer('score', '!=', 5),
      customer('last_seen', 'before', '2026-01-01'),
      customer('first_seen', 'not_empty', null),
      customer('toString', 'not_empty', null),
      customer('constructor', 'empty', null),
      customer('__proto__', 'exact', 'x'),
      customer('0', 'exact', 'x'),
      { type: 'segment', segment_id: 1, negate: false },
      { type: 'group', operator: 'AND', conditions: [plan] },
    ];
    const and = prefilterOf({ operator: 'AND', conditions: [...kept, ...pushed] });
    expect(and.pushed).toEqual(pushed);
    expect(and.where).toBeDefined();
    const or = prefilterOf({ operator: 'OR', conditions: pushed });
    expect(or).toEqual({ pushed: [], where: undefined });
    expect(prefilterOf({ operator: 'AND', conditions: kept }).where).toBeUndefined();
  });
});

/** Profiles holding every JSON type under the keys the conditions read (raw jsonb text). */
const VALUES = [
  'null',
  '""',
  '"pro"',
  '"PRO"',
  '" pro"',
  '"Pro "',
  '"\u212a"', // the Kelvin sign: `toLowerCase` makes it "k"
  '"\u0130x"',
  '"12"',
  '" 12 "',
  '"0x10"',
  '12',
  '12.0',
  '5',
  '-0',
  '0.99999999999999999999',
  '1.0000000000000000001',
  '1e400',
  '1e-400',
  'true',
  'false',
  '[]',
  '["pro"]',
  '[12]',
  '{}',
  '{"a": 1}',
];

const CONDITIONS: Customer[] = [
  ...['pro', 'PRO', 'k', '12', '', ' pro', 'true', 'ix'].map((v) => customer('plan', 'exact', v)),
  customer('plan', 'exact', 12),
  customer('plan', 'empty', null),
  customer('plan', 'not_empty', null),
  ...(['=', '>', '>=', '<', '<='] as const).flatMap((op) =>
    [0, 1, 5, 12, '12', -1, 1e300].map((v) => customer('plan', op, v)),
  ),
  customer('plan', 'between', { from: 1, to: 12 }),
  customer('plan', 'between', { from: '5', to: 5 }),
  customer('plan', 'between', { from: 12, to: 1 }),
  customer('email', 'exact', 'a@b.c'),
  customer('email', 'empty', null),
  customer('name', 'not_empty', null),
  customer('customer_key', 'exact', 'K1'),
  customer('missing', 'empty', null),
  customer('missing', 'not_empty', null),
  customer('missing', '>', 0),
];

describe('segment prefilter on the database', () => {
  const a = setupTestAccount({ segmentCounts: false });
  const seen = new Date('2026-11-01T00:00:00Z');
  const insert = async (brandId: number, key: string, data: string, meta: string, email?: string) =>
    a.database.db.execute(sql`
      INSERT INTO customer_profiles (brand_id, customer_key, email, name, data_attributes,
        metadata, first_seen, last_seen, active_month)
      VALUES (${brandId}, ${key}, ${email ?? null}, ${email ? 'N' : ''}, ${data}::jsonb,
        ${meta}::jsonb, ${seen}, ${seen}, 0)`);

  beforeAll(async () => {
    let i = 0;
    for (const v of VALUES) {
      // The value as a data attribute, as metadata over another data attribute, and as both
      // the data attribute and the e-mail address standing in for the system column.
      await insert(a.brandId, `k${i++}`, `{"plan": ${v}, "email": ${v}}`, '{}');
      await insert(a.brandId, `K${i++}`, '{"plan": "pro"}', `{"plan": ${v}, "name": ${v}}`);
      await insert(a.brandId, `k${i++}`, '{}', '{}', i % 2 ? 'A@B.C' : 'a@b.c ');
    }
  });

  it('never drops a profile the evaluator keeps, and drops some it does not', async () => {
    const rows = await a.database.db
      .select()
      .from(customerProfiles)
      .where(eq(customerProfiles.brandId, a.brandId))
      .orderBy(asc(customerProfiles.id));
    let dropped = 0;
    for (const c of CONDITIONS) {
      const reads = profileReads([c.customer_key]);
      const where = conditionPrefilter(c, reads.value);
      expect(where, JSON.stringify(c)).not.toBeNull();
      const kept = await a.database.db
        .select({ id: customerProfiles.id })
        .from(customerProfiles)
        .crossJoinLateral(reads.lateral!)
        .where(and(eq(customerProfiles.brandId, a.brandId), where!));
      const keptIds = new Set(kept.map((r) => r.id));
      for (const row of rows) {
        const value = profileValues(row)[c.customer_key];
        const holds = evaluateCondition(value, c.condition_type, c.value);
        if (holds) expect(keptIds.has(row.id), `${JSON.stringify(c)} on ${row.id}`).toBe(true);
        if (!keptIds.has(row.id)) dropped++;
      }
    }
    expect(dropped).toBeGreaterThan(CONDITIONS.length * 10);
  });

  it("a count's projection reads each key as profileValues does, and refuses keys it cannot read", async () => {
    // Times with microseconds: the projection reads a date as the driver does.
    await a.database.db.execute(sql`
      INSERT INTO customer_profiles (brand_id, customer_key, data_attributes, metadata,
        first_seen, last_seen, active_month)
      VALUES (${a.brandId}, 'micro', '{"plan": "pro"}'::jsonb, '{}'::jsonb,
        '2026-11-01 12:34:56.789654+00', '2026-11-02 01:02:03.999999+00', 0)`);
    const keys = ['plan', 'email', 'name', 'customer_key', 'first_seen', 'last_seen', 'missing'];
    // Under OR nothing is prefiltered: every profile of the product is read.
    const definition: SegmentDefinition = {
      operator: 'OR',
      conditions: keys.map((k) => customer(k, 'not_empty', null)),
    };
    const whole = await a.database.db
      .select()
      .from(customerProfiles)
      .where(eq(customerProfiles.brandId, a.brandId))
      .orderBy(asc(customerProfiles.id));
    const prepared = prepare(definition, () => undefined, Date.now());
    expect(prepared.reads.projection).not.toBeNull();
    const projected = await projectedRows(a.database.db, a.brandId, prepared, 0, 10_000);
    expect(projected.map((r) => r.id)).toEqual(whole.map((r) => r.id));
    let nulls = 0;
    for (const [i, row] of whole.entries()) {
      const want = profileValues(row);
      const got = projected[i]!.profile;
      for (const k of keys) {
        // Missing stays missing (undefined) and JSON null stays null: metadata's null hides the
        // data attribute and the system field, as the spread in profileValues does.
        expect(got[k], `${k} of ${row.customerKey}`).toStrictEqual(want[k]);
        if (want[k] === null) nulls++;
      }
    }
    expect(nulls).toBeGreaterThan(0);
    // Keys read through the prototype or as array indexes: no projection (whole rows instead),
    // and no predicate.
    for (const key of ['toString', '__proto__', '0']) {
      expect(profileReads(['plan', key]).projection, key).toBeNull();
      expect(profileReads([key]).value(key), key).toBeNull();
    }
    expect(profileReads(['first_seen']).value('first_seen')).toBeNull();
  });

  it('a prefiltered preview still scales by every profile it walked past', async () => {
    const b = await createAccount(a.app, { brand: 'Estimates' });
    for (let i = 0; i < 300; i++)
      await insert(b.brandId, `c${i}`, i % 3 === 0 ? '{"plan": "pro"}' : '{"plan": "free"}', '{}');
    let t = 0;
    const engine = createSegmentEngine({
      db: a.database.db,
      store: a.app.ctx.analytics,
      pageSize: 10,
      timer: () => (t += 1_000),
      budgetMs: 2_000,
    });
    const definition: SegmentDefinition = { operator: 'AND', conditions: [plan] };
    const got = await engine.count(b.brandId, definition, () => undefined, { estimate: true });
    // Two pages of 10 members (c0 … c57): 20 members among the 58 profiles up to c57, not 20 of 20.
    expect(got).toMatchObject({ exact: false, count: Math.round((20 / 58) * 300) });
    if (got.exact) return;
    expect(got.ci95[0]).toBeLessThanOrEqual(100);
    expect(got.ci95[1]).toBeGreaterThanOrEqual(100);
    const exact = await engine.count(b.brandId, definition, () => undefined);
    expect(exact).toMatchObject({ exact: true, count: 100 });
  });
});
