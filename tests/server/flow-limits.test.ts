import { describe, expect, it } from 'vitest';
import { MAX_STEP_CONTENT } from '@/lib/contracts/flows';
import { and, eq, sql } from 'drizzle-orm';
import { MESSAGES } from '@/lib/messages';
import { formatBytes, TOUR_LIMITS } from '@/lib/plans';
import { flows, plans, subscriptions } from '../../server/db/schema';
import type { FlowDefinition } from '../../server/db/schema';
import { createAccount, createBrand, ENGINE, setupTestAccount } from './helpers';
import { aFlow, aFlowCondition, aStep } from '../fixtures/flows';

/** Tours' limits (docs/flows.md, "Limits"): content after cleaning, and the plan's per product. */
const t = setupTestAccount();
const { call } = t;

/** A tour named Links on `brand`, one step per content (ids s1, s2, …). */
const links = (brand: number, ...contents: string[]) =>
  aFlow({
    brand_id: brand,
    name: 'Links',
    condition: aFlowCondition(),
    steps: contents.map((content, i) => aStep({ id: `s${i + 1}`, content })),
  });

const LINK = '<a href="https://example.com/">a</a>';
/** Under the bound as sent; every link gains `rel="noopener noreferrer nofollow"` when cleaned. */
const GROWS = `<p>${LINK.repeat(Math.floor((MAX_STEP_CONTENT - 7) / LINK.length))}</p>`;

describe(`tour content bound after cleaning (${ENGINE})`, () => {
  it('answers 400 naming the step before anything is written when cleaning grows content past the bound', async () => {
    expect(GROWS.length).toBeLessThanOrEqual(MAX_STEP_CONTENT);
    const before = (await call('GET', `/v1/flows?brand_id=${t.brandId}`)).json().data.total;
    const res = await call('POST', '/v1/flows', links(t.brandId, '<p>ok</p>', GROWS));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'step_content_too_long' });
    expect(res.json().message).toMatch(/^Step 2's content is [\d,]+ characters once cleaned/);
    expect(res.json().details[0].path).toBe('steps.1.content');
    expect((await call('GET', `/v1/flows?brand_id=${t.brandId}`)).json().data.total).toBe(before);

    const tooLong = await call(
      'POST',
      '/v1/flows',
      links(t.brandId, 'x'.repeat(MAX_STEP_CONTENT + 1)),
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain(MESSAGES.flows.stepContentTooLong(MAX_STEP_CONTENT));
  });

  it('opens a tour stored before the check (cleaned content past the bound), refuses to save it as is, and saves it shortened', async () => {
    // What the server stored before the check: the cleaned text, past the bound.
    const cleaned = GROWS.replaceAll('">a</a>', '" rel="noopener noreferrer nofollow">a</a>');
    expect(cleaned.length).toBeGreaterThan(MAX_STEP_CONTENT);
    const definition = {
      condition: { trigger_conditions: [], trigger_operator: 'AND' },
      attribute_conditions: [],
      display_type: 'once',
      display_times: null,
      priority: 0,
      steps: [aStep({ id: 's1', content: cleaned })],
    } as unknown as FlowDefinition;
    const [row] = await t.database.db
      .insert(flows)
      .values({ brandId: t.brandId, name: 'Legacy', definition, layout: { positions: {} } })
      .returning();

    const read = await call('GET', `/v1/flows/${row!.id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.steps[0].content).toBe(cleaned);
    const list = await call('GET', `/v1/flows?brand_id=${t.brandId}`);
    expect(list.statusCode).toBe(200);

    const again = await call('PUT', `/v1/flows/${row!.id}`, links(t.brandId, GROWS));
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('step_content_too_long');
    const shorter = await call(
      'PUT',
      `/v1/flows/${row!.id}`,
      links(t.brandId, GROWS.slice(0, 8000) + '</p>'),
    );
    expect(shorter.statusCode, shorter.body).toBe(200);
    expect((await call('GET', `/v1/flows/${row!.id}`)).statusCode).toBe(200);
  });
});

/** A new account on `plan` with one product (createAccount, then the plan set in the table). */
async function account(plan: 'free' | 'starter') {
  const a = await createAccount(t.app);
  if (plan !== 'free') {
    const [p] = await t.database.db.select().from(plans).where(eq(plans.code, plan));
    await t.database.db
      .update(subscriptions)
      .set({ planId: p!.id })
      .where(eq(subscriptions.userId, a.userId));
  }
  return a;
}

/** Tours written straight to the table (filling a product quickly). */
async function fill(brand: number, n: number, bytes = 100) {
  await t.database.db.insert(flows).values(
    Array.from({ length: n }, (_, i) => ({
      brandId: brand,
      name: `Filler ${i}`,
      definition: {} as FlowDefinition,
      layout: { positions: {} },
      definitionBytes: bytes,
    })),
  );
}

/** A tour of about `kb` KB: 50 steps of plain text. */
const sized = (brand: number, kb: number) =>
  links(
    brand,
    ...Array<string>(50).fill(
      `<p>${'a'.repeat(Math.max(1, Math.floor((kb * 1000) / 50) - 7))}</p>`,
    ),
  );

describe(`plan limits on tours per product (${ENGINE})`, () => {
  const free = TOUR_LIMITS.free;

  it(`allows ${free.tours} tours per product on the free plan, then answers 403 to create and duplicate`, async () => {
    const a = await account('free');
    await fill(a.brandId, free.tours - 1);
    const last = await a.call('POST', '/v1/flows', links(a.brandId, '<p>x</p>'));
    expect(last.statusCode, last.body).toBe(201);
    const over = await a.call('POST', '/v1/flows', links(a.brandId, '<p>x</p>'));
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({
      code: 'plan_limit_reached',
      message: MESSAGES.flows.tourLimitReached(free.tours, 'Free'),
    });
    const copy = await a.call('POST', `/v1/flows/${last.json().data.id}/duplicate`);
    expect(copy.statusCode).toBe(403);
    // Editing a tour of a full product is fine; deleting one makes room.
    const id = last.json().data.id;
    expect((await a.call('PUT', `/v1/flows/${id}`, links(a.brandId, '<p>y</p>'))).statusCode).toBe(
      200,
    );
    expect((await a.call('DELETE', `/v1/flows/${id}`)).statusCode).toBe(200);
    expect((await a.call('POST', '/v1/flows', links(a.brandId, '<p>x</p>'))).statusCode).toBe(201);
  });

  it("refuses to move a tour into a product that is full (the target product's limit)", async () => {
    const a = await account('starter');
    const { brandId: full } = await createBrand(t.app, a.token, 'Full');
    await fill(full, TOUR_LIMITS.starter.tours);
    const mine = (await a.call('POST', '/v1/flows', links(a.brandId, '<p>x</p>'))).json().data;
    const moved = await a.call('PUT', `/v1/flows/${mine.id}`, links(full, '<p>x</p>'));
    expect(moved.statusCode).toBe(403);
    expect(moved.json().message).toBe(
      MESSAGES.flows.tourLimitReached(TOUR_LIMITS.starter.tours, 'Starter'),
    );
  });

  it(`bounds a product's tours at ${formatBytes(free.bytes)} on the free plan; a save that does not grow a tour always passes`, async () => {
    const a = await account('free');
    // Nearly full: 10 KB of room left.
    await fill(a.brandId, 1, free.bytes - 10_000);
    const big = await a.call('POST', '/v1/flows', sized(a.brandId, 900));
    expect(big.statusCode, big.body).toBe(403);
    expect(big.json().code).toBe('plan_limit_reached');
    expect(big.json().message).toMatch(
      /^This product's tours would take 5(\.\d)? MB; your Free plan allows 5 MB per product\. /,
    );

    const small = await a.call('POST', '/v1/flows', sized(a.brandId, 1));
    expect(small.statusCode, small.body).toBe(201);
    const id = small.json().data.id;
    // Grows past the limit: refused, the stored tour unchanged.
    expect((await a.call('PUT', `/v1/flows/${id}`, sized(a.brandId, 50))).statusCode).toBe(403);
    expect((await a.call('GET', `/v1/flows/${id}`)).json().data.steps).toHaveLength(50);
    // Over the limit already (a downgrade, say): saving without growing, or shrinking, passes.
    await t.database.db
      .update(flows)
      .set({ definitionBytes: sql`${flows.definitionBytes} + 1000000` })
      .where(and(eq(flows.brandId, a.brandId), eq(flows.name, 'Filler 0')));
    expect((await a.call('PUT', `/v1/flows/${id}`, sized(a.brandId, 1))).statusCode).toBe(200);
    expect((await a.call('PUT', `/v1/flows/${id}`, links(a.brandId, '<p>x</p>'))).statusCode).toBe(
      200,
    );
  });
});
