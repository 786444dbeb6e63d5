import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import { createAccount, ENGINE, setupTestAccount } from './helpers';
import { XSS_VECTORS as XSS } from '../../sdk/src/renderer/xss-corpus';
import { aButton, aFlow, aStep } from '../fixtures/flows';

const t = setupTestAccount();
const { call } = t;

/** The tour under test: two steps (a modal, then a tooltip on #buy) and their canvas layout. */
const flow = (extra: Record<string, unknown> = {}) => ({
  ...aFlow({
    brand_id: t.brandId,
    steps: [
      aStep({
        content: '<h2>Hi</h2><p>Welcome <strong>aboard</strong></p>',
        buttons: [
          aButton({ id: 'b1', label: 'Next', actions: [{ type: 'goto', reference_step: 's2' }] }),
        ],
      }),
      aStep({
        id: 's2',
        type: 'tool_tip',
        content: '<p>Click here to buy</p>',
        buttons: [aButton({ id: 'b2', label: 'Done', background_color: '#111111' })],
        select_element: { url: 'https://shop.example.com/app', selector: '#buy' },
      }),
    ],
    layout: { positions: { s1: { x: 0, y: 100 }, s2: { x: 300, y: 100 } } },
  }),
  ...extra,
});

/** A corpus of XSS vectors (OWASP cheat sheet and friends) stored through the API. */

const INERT =
  /<script|<iframe|<object|<embed|<svg|<style|<link|<meta|<base|<form|<input|javascript:|vbscript:|data:|\son\w+\s*=|style=|srcdoc/i;

describe(`flows API (${ENGINE})`, () => {
  it('creates, reads, lists, updates, duplicates and deletes a flow; the layout is kept beside it', async () => {
    const created = await call('POST', '/v1/flows', flow());
    expect(created.statusCode, created.body).toBe(201);
    const f = created.json().data;
    expect(f).toMatchObject({
      name: 'Welcome tour',
      status: 'unpublished',
      publish: false,
      layout: { positions: { s2: { x: 300, y: 100 } } },
    });
    expect(f.steps[0]).not.toHaveProperty('position');
    const read = (await call('GET', `/v1/flows/${f.id}`)).json().data;
    expect(read).toEqual(f);
    const list = (await call('GET', `/v1/flows?brand_id=${t.brandId}`)).json().data;
    expect(list.data[0]).toMatchObject({
      id: f.id,
      name: 'Welcome tour',
      status: 'unpublished',
      step_count: 2,
    });
    const published = await call(
      'PUT',
      `/v1/flows/${f.id}`,
      flow({ publish: true, name: 'Welcome' }),
    );
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toMatchObject({ status: 'published', name: 'Welcome' });
    const copy = await call('POST', `/v1/flows/${f.id}/duplicate`);
    expect(copy.json().data).toMatchObject({ name: 'Copy of Welcome', status: 'unpublished' });
    expect((await call('DELETE', `/v1/flows/${f.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/v1/flows/${f.id}`)).statusCode).toBe(404);
  });

  it("validates with the specification's messages and refuses to publish an incomplete flow", async () => {
    const empty = await call('POST', '/v1/flows', flow({ name: '  ' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MESSAGES.flows.titleEmpty);
    const long = await call('POST', '/v1/flows', flow({ name: 'x'.repeat(61) }));
    expect(long.json().message).toBe(MESSAGES.flows.titleTooLong);
    const tooManyButtons = flow();
    (tooManyButtons.steps[0] as { buttons: unknown[] }).buttons = [1, 2, 3].map((i) => ({
      id: `b${i}`,
      label: 'x',
      background_color: '#000',
      color: '#fff',
      actions: [{ type: 'dismiss' }],
    }));
    expect((await call('POST', '/v1/flows', tooManyButtons)).statusCode).toBe(400);
    const jsLink = flow();
    (jsLink.steps[0] as { buttons: { actions: unknown[] }[] }).buttons[0]!.actions = [
      { type: 'navigation', value: 'javascript:alert(1)' },
    ];
    const refused = await call('POST', '/v1/flows', jsLink);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MESSAGES.flows.linkInvalid);
    // A draft may be incomplete; publishing it is refused with every problem listed.
    const draft = flow({ condition: { trigger_conditions: [], trigger_operator: 'AND' } });
    expect((await call('POST', '/v1/flows', draft)).statusCode).toBe(201);
    const publish = await call('POST', '/v1/flows', {
      ...draft,
      publish: true,
      display_type: 'custom',
      display_times: 'x',
    });
    expect(publish.statusCode).toBe(400);
    expect(publish.json().message).toBe(MESSAGES.flows.noTrigger);
    expect(publish.json().details.map((d: { message: string }) => d.message)).toContain(
      MESSAGES.flows.displayTimesNumber,
    );
  });

  it('refuses to publish an event condition with an empty or reversed time range (docs/product/validation.md#57-event-condition-form)', async () => {
    const withTimeframe = (timeframe: Record<string, unknown>, publish = true) =>
      flow({
        publish,
        condition: {
          trigger_conditions: [
            {
              trigger_type: 'event',
              conditions: [
                {
                  event_id: 7,
                  event_code: 'signed_up',
                  frequency: { condition_type: 'at_least', value: 1 },
                  timeframe,
                  attribute_conditions: [],
                  attribute_condition_operator: 'AND',
                },
              ],
            },
          ],
          trigger_operator: 'AND',
        },
      });
    const cases: [Record<string, unknown>, string][] = [
      [
        { condition_type: 'in_the_last', value: null, unit: 'days' },
        MESSAGES.flows.timeRangeRequired,
      ],
      [
        { condition_type: 'date_range', value: { from: '', to: '' } },
        MESSAGES.flows.timeRangeRequired,
      ],
      [
        { condition_type: 'between', value: { from: 5, to: 1 }, unit: 'days' },
        MESSAGES.flows.timeRangeOrder,
      ],
      [
        { condition_type: 'date_range', value: { from: '2026-03-01', to: '2026-01-01' } },
        MESSAGES.flows.timeRangeDateOrder,
      ],
    ];
    for (const [timeframe, message] of cases) {
      const refused = await call('POST', '/v1/flows', withTimeframe(timeframe));
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toBe(message);
      expect(refused.json().details.map((d: { message: string }) => d.message)).toEqual([message]);
      // A draft may still hold it.
      expect((await call('POST', '/v1/flows', withTimeframe(timeframe, false))).statusCode).toBe(
        201,
      );
    }
    const fine = { condition_type: 'between', value: { from: 1, to: 5 }, unit: 'days' };
    expect((await call('POST', '/v1/flows', withTimeframe(fine))).statusCode).toBe(201);
  });

  it("stores the flow's attribute conditions and checks them before publishing", async () => {
    const audience = [{ customer_key: 'plan', condition_type: 'exact', value: 'pro' }];
    const created = await call('POST', '/v1/flows', flow({ attribute_conditions: audience }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect((await call('GET', `/v1/flows/${id}`)).json().data.attribute_conditions).toEqual(
      audience,
    );
    const incomplete = [{ customer_key: 'seats', condition_type: '>', value: '' }];
    const refused = await call(
      'PUT',
      `/v1/flows/${id}`,
      flow({ publish: true, attribute_conditions: incomplete }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MESSAGES.flows.conditionN(1, MESSAGES.flows.valueRequired));
    const cleared = await call('PUT', `/v1/flows/${id}`, flow({ publish: true }));
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data.attribute_conditions).toEqual([]);
  });

  it('stores every XSS vector of the corpus inert, and a second save changes nothing', async () => {
    expect(XSS.length).toBeGreaterThanOrEqual(50);
    const steps = XSS.map((v, i) => ({
      id: `s${i}`,
      type: 'modal',
      content: `<p>ok ${i}</p>${v}`,
      buttons: [],
    }));
    // A flow holds at most 50 steps: the corpus goes in two flows.
    for (const chunk of [steps.slice(0, 30), steps.slice(30)]) {
      const created = await call('POST', '/v1/flows', flow({ steps: chunk }));
      expect(created.statusCode, created.body).toBe(201);
      const saved = created.json().data;
      for (const s of saved.steps as { content: string }[]) {
        expect(s.content).not.toMatch(INERT);
        expect(s.content.startsWith('<p>ok ')).toBe(true);
      }
      const again = await call('PUT', `/v1/flows/${saved.id}`, flow({ steps: saved.steps }));
      expect(again.json().data.steps).toEqual(saved.steps);
    }
    expect(
      (await call('POST', '/v1/flows', flow({ steps: steps.slice(0, 1) }))).json().data.steps[0]
        .content,
    ).toBe('<p>ok 0</p>');
    // Allowed formatting survives.
    const rich = await call('POST', '/v1/flows', flow());
    expect(rich.json().data.steps[0].content).toBe(
      '<h2>Hi</h2><p>Welcome <strong>aboard</strong></p>',
    );
  });

  it("answers 404 for another account's flows and brands", async () => {
    const mine = (await call('POST', '/v1/flows', flow())).json().data;
    const { call: theirs } = await createAccount(t.app, { brand: false });
    expect((await theirs('GET', `/v1/flows/${mine.id}`)).statusCode).toBe(404);
    expect((await theirs('PUT', `/v1/flows/${mine.id}`, flow())).statusCode).toBe(404);
    expect((await theirs('DELETE', `/v1/flows/${mine.id}`)).statusCode).toBe(404);
    expect((await theirs('POST', `/v1/flows/${mine.id}/duplicate`)).statusCode).toBe(404);
    expect((await theirs('GET', `/v1/flows?brand_id=${t.brandId}`)).statusCode).toBe(404);
    expect((await theirs('POST', '/v1/flows', flow())).statusCode).toBe(404);
  });
});

describe(`flows list filters and order (${ENGINE})`, () => {
  it('filters by status and sorts by name or last change, both ways', async () => {
    const { brandId: brand, call: as } = await createAccount(t.app);
    const make = async (name: string, publish: boolean) => {
      const res = await as('POST', '/v1/flows', { ...flow({ name, publish }), brand_id: brand });
      expect(res.statusCode, res.body).toBe(201);
    };
    await make('banana tour', true);
    await make('Apple tour', false);
    await make('cherry tour', true);
    const names = async (query: string) =>
      (
        (await as('GET', `/v1/flows?brand_id=${brand}&${query}`)).json().data.data as {
          name: string;
        }[]
      ).map((f) => f.name);
    expect(await names('')).toEqual(['cherry tour', 'Apple tour', 'banana tour']);
    expect(await names('sort_order=asc')).toEqual(['banana tour', 'Apple tour', 'cherry tour']);
    expect(await names('sort_by=name&sort_order=asc')).toEqual([
      'Apple tour',
      'banana tour',
      'cherry tour',
    ]);
    expect(await names('sort_by=name&sort_order=desc')).toEqual([
      'cherry tour',
      'banana tour',
      'Apple tour',
    ]);
    expect(await names('status=published&sort_by=name&sort_order=asc')).toEqual([
      'banana tour',
      'cherry tour',
    ]);
    expect(await names('status=unpublished')).toEqual(['Apple tour']);
    const bad = await as('GET', `/v1/flows?brand_id=${brand}&status=draft`);
    expect(bad.statusCode).toBe(400);
  });
});
