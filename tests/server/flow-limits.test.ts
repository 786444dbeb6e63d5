import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STEP_CONTENT } from '@/lib/contracts/flows';
import { MESSAGES } from '@/lib/messages';
import { flows } from '../../server/db/schema';
import type { FlowDefinition } from '../../server/db/schema';
import {
  createBrand,
  createTestApp,
  ENGINE,
  request,
  signUpVerified,
  type TestApp,
} from './helpers';

/** Tours' limits (docs/flows.md, "Limits"): content after cleaning, and the plan's per product. */
let t: TestApp & { drop: () => Promise<void> };
let call: ReturnType<typeof request>;
let brandId: number;

beforeAll(async () => {
  t = await createTestApp();
  const { token } = await signUpVerified(t.app);
  ({ brandId } = await createBrand(t.app, token));
  call = request(t.app, token);
});
afterAll(async () => t.drop());

const LINK = '<a href="https://example.com/">a</a>';
/** Under the bound as sent; every link gains `rel="noopener noreferrer nofollow"` when cleaned. */
const GROWS = `<p>${LINK.repeat(Math.floor((MAX_STEP_CONTENT - 7) / LINK.length))}</p>`;

const step = (id: string, content: string) => ({
  id,
  type: 'modal',
  content,
  buttons: [],
  element_actions: [],
});
const tour = (steps: ReturnType<typeof step>[], extra: Record<string, unknown> = {}) => ({
  brand_id: brandId,
  name: 'Links',
  publish: false,
  condition: { trigger_conditions: [], trigger_operator: 'AND' },
  display_type: 'once',
  steps,
  ...extra,
});

describe(`tour content bound after cleaning (${ENGINE})`, () => {
  it('answers 400 naming the step before anything is written when cleaning grows content past the bound', async () => {
    expect(GROWS.length).toBeLessThanOrEqual(MAX_STEP_CONTENT);
    const before = (await call('GET', `/v1/flows?brand_id=${brandId}`)).json().data.total;
    const res = await call('POST', '/v1/flows', tour([step('s1', '<p>ok</p>'), step('s2', GROWS)]));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'step_content_too_long' });
    expect(res.json().message).toMatch(/^Step 2's content is [\d,]+ characters once cleaned/);
    expect(res.json().details[0].path).toBe('steps.1.content');
    expect((await call('GET', `/v1/flows?brand_id=${brandId}`)).json().data.total).toBe(before);

    const tooLong = await call(
      'POST',
      '/v1/flows',
      tour([step('s1', 'x'.repeat(MAX_STEP_CONTENT + 1))]),
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
      steps: [step('s1', cleaned)],
    } as unknown as FlowDefinition;
    const [row] = await t.database.db
      .insert(flows)
      .values({ brandId, name: 'Legacy', definition, layout: { positions: {} } })
      .returning();

    const read = await call('GET', `/v1/flows/${row!.id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.steps[0].content).toBe(cleaned);
    const list = await call('GET', `/v1/flows?brand_id=${brandId}`);
    expect(list.statusCode).toBe(200);

    const again = await call('PUT', `/v1/flows/${row!.id}`, tour([step('s1', GROWS)]));
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('step_content_too_long');
    const shorter = await call(
      'PUT',
      `/v1/flows/${row!.id}`,
      tour([step('s1', GROWS.slice(0, 8000) + '</p>')]),
    );
    expect(shorter.statusCode, shorter.body).toBe(200);
    expect((await call('GET', `/v1/flows/${row!.id}`)).statusCode).toBe(200);
  });
});
