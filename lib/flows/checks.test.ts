import { describe, expect, it } from 'vitest';
import type { FlowBody } from '../contracts/flows';
import { flowBody, SAFE_LINK } from '../contracts/flows';
import { MESSAGES } from '../messages';
import {
  actionProblem,
  isTourLink,
  conditionProblems,
  conditionValueProblem,
  displayTimesProblem,
  eventConditionProblems,
  flowProblems,
  freeMatchTypes,
  isEmptyContent,
  keptCustomerConditions,
  stepProblems,
  titleProblem,
  urlConditionProblems,
} from './checks';
// eslint-disable-next-line import/no-restricted-paths -- a test of lib/ may use the shared fixtures
import { aButton, aFlow, aStep, anEventCondition } from '../../tests/fixtures/flows';

const M = MESSAGES.flows;
describe('flow title (docs/product/validation.md#52-flow-title)', () => {
  it('is required', () => expect(titleProblem('   ')).toBe('Title cannot be empty'));
  it('is at most 60 characters', () =>
    expect(titleProblem('x'.repeat(61))).toBe('Field must not exceed 60 characters.'));
  it('accepts 60', () => expect(titleProblem('x'.repeat(60))).toBeNull());
  it('the contract says the same', () => {
    const r = flowBody.safeParse({ ...aFlow(), name: 'x'.repeat(61) });
    expect(r.success ? null : r.error.issues[0]!.message).toBe(
      'Field must not exceed 60 characters.',
    );
  });
});

describe('URL dialog (docs/product/validation.md#54-url-condition-dialog)', () => {
  it('needs every URL field filled', () =>
    expect(
      urlConditionProblems([{ type: 'includes', condition_type: 'exact', value: ' ' }]),
    ).toEqual(['All URL fields must be filled in before saving.']));
  it('allows at most 8 rows in total', () => {
    const rows = Array.from({ length: 9 }, () => ({
      type: 'includes' as const,
      condition_type: 'exact' as const,
      value: '/a',
    }));
    expect(urlConditionProblems(rows)).toEqual([
      'Maximum of 8 URL conditions (includes + excludes) allowed.',
    ]);
  });
  it('offers each match type once per list', () =>
    expect(
      freeMatchTypes(['exact', 'contains', 'starts with', 'ends with'], ['exact', 'ends with']),
    ).toEqual(['contains', 'starts with']));
});

describe('customer condition save (docs/product/validation.md#55-saving-customer-conditions)', () => {
  it('keeps rows with a key and a value, a full range, or a valueless type', () => {
    const kept = keptCustomerConditions([
      { customer_key: 'plan', condition_type: 'exact', value: 'pro' },
      { customer_key: '', condition_type: 'exact', value: 'x' },
      { customer_key: 'plan', condition_type: 'exact', value: '' },
      {
        customer_key: 'created_at',
        condition_type: 'range',
        value: { from: '2026-01-01', to: '' },
      },
      {
        customer_key: 'created_at',
        condition_type: 'range',
        value: { from: '2026-01-01', to: '2026-02-01' },
      },
      { customer_key: 'email', condition_type: 'empty' },
    ]);
    expect(kept.map((k) => k.condition_type)).toEqual(['exact', 'range', 'empty']);
  });

  it('keeps a number between that starts or ends at 0', () =>
    expect(
      keptCustomerConditions([
        { customer_key: 'age', condition_type: 'between', value: { from: 0, to: 5 } },
        { customer_key: 'age', condition_type: 'between', value: { from: -5, to: 0 } },
      ]),
    ).toHaveLength(2));

  it.each([
    ['empty', ''],
    ['null', null],
    ['undefined', undefined],
  ])('drops a between whose bound is %s', (_, blank) =>
    expect(
      keptCustomerConditions([
        {
          customer_key: 'age',
          condition_type: 'between',
          value: { from: 0, to: blank } as unknown as { from: number; to: number },
        },
        {
          customer_key: 'age',
          condition_type: 'between',
          value: { from: blank, to: 5 } as unknown as { from: number; to: number },
        },
      ]),
    ).toEqual([]),
  );
});

describe('condition values (docs/product/validation.md#56-condition-value-checks)', () => {
  it('Value is required for this condition.', () =>
    expect(conditionValueProblem('exact', undefined)).toBe(
      'Value is required for this condition.',
    ));
  it('skips is-empty and not-empty', () =>
    expect(conditionValueProblem('empty', undefined)).toBeNull());
  it('Value must be a valid number.', () =>
    expect(conditionValueProblem('>', 'abc')).toBe('Value must be a valid number.'));
  it('numbers may be numeric strings', () =>
    expect(conditionValueProblem('<=', ' 12 ')).toBeNull());
  it('Value cannot be empty.', () =>
    expect(conditionValueProblem('starts_with', '   ')).toBe('Value cannot be empty.'));
  it('Value must be a valid date.', () =>
    expect(conditionValueProblem('before', '21/11/2026')).toBe('Value must be a valid date.'));
  it('Range requires from and to values', () =>
    expect(conditionValueProblem('range', 'x')).toBe('Range requires from and to values'));
  it('Both from and to dates are required for range', () =>
    expect(conditionValueProblem('range', { from: '', to: '2026-01-01' })).toBe(
      'Both from and to dates are required for range',
    ));
  it('From date must be valid', () =>
    expect(conditionValueProblem('range', { from: 'soon', to: '2026-01-01' })).toBe(
      'From date must be valid',
    ));
  it('To date must be valid', () =>
    expect(conditionValueProblem('range', { from: '2026-01-01', to: 'later' })).toBe(
      'To date must be valid',
    ));
  it('lists errors as Condition N:', () =>
    expect(
      conditionProblems([
        { condition_type: 'exact', value: 'a' },
        { condition_type: '>', value: 'x' },
      ]),
    ).toEqual(['Condition 2: Value must be a valid number.']));
});

describe('Condition N numbering', () => {
  it('numbers rows by the places given (blank rows the dialog shows count too)', () =>
    expect(
      conditionProblems(
        [
          { condition_type: 'exact', value: 'pro' },
          { condition_type: '>', value: 'x' },
        ],
        [],
        [2, 4],
      ),
    ).toEqual([M.conditionN(4, M.valueNumber)]));

  it('passes the numbers on for event attribute conditions', () =>
    expect(
      eventConditionProblems(
        anEventCondition({
          attribute_conditions: [{ attribute_key: 'plan', condition_type: 'exact' }],
        }),
        [3],
      ),
    ).toEqual([M.conditionN(3, M.valueRequired)]));
});

describe('event form (docs/product/validation.md#57-event-condition-form)', () => {
  it('Event is required', () =>
    expect(eventConditionProblems(anEventCondition({ event_id: null }))).toContain(
      'Event is required',
    ));
  it('Event must be selected', () =>
    expect(eventConditionProblems(anEventCondition({ event_id: 0 }))).toContain(
      'Event must be selected',
    ));
  it('Event code is required', () =>
    expect(eventConditionProblems(anEventCondition({ event_code: '' }))).toContain(
      'Event code is required',
    ));
  it('Condition type is required', () =>
    expect(
      eventConditionProblems(anEventCondition({ frequency: { condition_type: null, value: 1 } })),
    ).toContain('Condition type is required'));
  it('Frequency value is required', () =>
    expect(
      eventConditionProblems(
        anEventCondition({ frequency: { condition_type: 'at_least', value: null } }),
      ),
    ).toEqual(['Frequency value is required']));
  it('Value must be at least 0', () =>
    expect(
      eventConditionProblems(
        anEventCondition({ frequency: { condition_type: 'exactly', value: -1 } }),
      ),
    ).toEqual(['Value must be at least 0']));
  it('between needs an object', () =>
    expect(
      eventConditionProblems(
        anEventCondition({ frequency: { condition_type: 'between', value: 3 } }),
      ),
    ).toEqual(['Value must be an object with from and to fields when condition type is between']));
  it('Both from and to must be numbers', () =>
    expect(
      eventConditionProblems(
        anEventCondition({ frequency: { condition_type: 'between', value: { from: '1', to: 5 } } }),
      ),
    ).toEqual(['Both from and to must be numbers']));
  it('Both from and to must be at least 1', () =>
    expect(
      eventConditionProblems(
        anEventCondition({ frequency: { condition_type: 'between', value: { from: 0, to: 5 } } }),
      ),
    ).toEqual(['Both from and to must be at least 1']));
  it('From value must be less than to value', () =>
    expect(
      eventConditionProblems(
        anEventCondition({ frequency: { condition_type: 'between', value: { from: 5, to: 5 } } }),
      ),
    ).toEqual(['From value must be less than to value']));
  it('joins attribute condition errors with commas', () =>
    expect(
      eventConditionProblems(
        anEventCondition({
          attribute_conditions: [
            { attribute_key: 'a', condition_type: '>', value: 'x' },
            { attribute_key: 'b', condition_type: 'exact', value: '' },
          ],
        }),
      ),
    ).toEqual([
      'Condition 1: Value must be a valid number., Condition 2: Value is required for this condition.',
    ]));
  it('a complete event condition passes', () =>
    expect(eventConditionProblems(anEventCondition())).toEqual([]));
});

describe('flow checks (docs/product/validation.md#58-flow-checks)', () => {
  it('a goto to a step that no longer exists asks for a step again', () =>
    expect(
      flowProblems(
        aFlow({
          steps: [
            aStep({
              buttons: [aButton({ actions: [{ type: 'goto', reference_step: 'deleted' }] })],
            }),
            aStep({
              id: 's2',
              type: 'tool_tip',
              select_element: { url: '/', selector: '#buy' },
              element_actions: [{ type: 'goto', reference_step: 's1' }],
            }),
          ],
        }),
      ),
    ).toEqual([M.actionStep]));
  it('Please set at least one trigger condition.', () =>
    expect(
      flowProblems(aFlow({ condition: { trigger_conditions: [], trigger_operator: 'AND' } })),
    ).toEqual([M.noTrigger]));
  it('Please input valid display times', () =>
    expect(flowProblems(aFlow({ display_type: 'custom', display_times: null }))).toEqual([
      M.displayTimesRequired,
    ]));
  it('Please input number', () =>
    expect(flowProblems(aFlow({ display_type: 'custom', display_times: 'twice' }))).toEqual([
      M.displayTimesNumber,
    ]));
  it('Step must include display content. (an empty paragraph is empty)', () =>
    expect(stepProblems(aStep({ content: '<p></p>' }))).toEqual([M.stepContent]));
  it('an image alone is content', () =>
    expect(isEmptyContent('<p><img src="https://x.test/a.png"></p>')).toBe(false));
  it('Please select step for action', () =>
    expect(
      stepProblems(
        aStep({
          buttons: [aButton({ actions: [{ type: 'goto', reference_step: null }] })],
        }),
      ),
    ).toEqual([M.actionStep]));
  it('Please input link for action', () =>
    expect(
      stepProblems(
        aStep({
          buttons: [aButton({ actions: [{ type: 'navigation', value: ' ' }] })],
        }),
      ),
    ).toEqual([M.actionLink]));
  it('Please add action for this step', () =>
    expect(
      stepProblems(
        aStep({
          buttons: [aButton({ actions: [] })],
        }),
      ),
    ).toEqual([M.buttonAction]));
  it('Please select an element.', () =>
    expect(stepProblems(aStep({ type: 'tool_tip', select_element: null }))).toEqual([
      M.selectElement,
    ]));
  it('Please select step for tooltip element action', () =>
    expect(
      stepProblems(
        aStep({
          type: 'tool_tip',
          select_element: { url: '/', selector: '#buy' },
          element_actions: [{ type: 'goto' }],
        }),
      ),
    ).toEqual([M.elementActionStep]));
  it('Please input link for tooltip element action', () =>
    expect(
      stepProblems(
        aStep({
          type: 'tool_tip',
          select_element: { url: '/', selector: '#buy' },
          element_actions: [{ type: 'navigation', value: '' }],
        }),
      ),
    ).toEqual([M.elementActionLink]));
  it('a complete flow has no problems', () => expect(flowProblems(aFlow())).toEqual([]));
});

describe('goto to a step that no longer exists (docs/product/validation.md#58-flow-checks)', () => {
  const gotoButton = (reference_step: string | null) =>
    aButton({ actions: [{ type: 'goto' as const, reference_step }] });

  it("counts like an unset step once the flow's step ids are known", () => {
    const dangling = aStep({ buttons: [gotoButton('deleted')] });
    expect(stepProblems(dangling)).toEqual([]);
    expect(stepProblems(dangling, ['s1', 's2'])).toEqual([M.actionStep]);
    expect(stepProblems(aStep({ buttons: [gotoButton('s2')] }), ['s1', 's2'])).toEqual([]);
  });

  it('uses the tooltip wording for element actions', () =>
    expect(actionProblem({ type: 'goto', reference_step: 'deleted' }, true, ['s1'])).toBe(
      M.elementActionStep,
    ));

  it('ignores element actions a step kept from being a tooltip', () => {
    const former = aStep({
      type: 'modal',
      select_element: { url: '/', selector: '#buy' },
      element_actions: [
        { type: 'goto', reference_step: 'deleted' },
        { type: 'navigation', value: '' },
      ],
    });
    expect(stepProblems(former, ['s1'])).toEqual([]);
    expect(flowProblems(aFlow({ steps: [former] }))).toEqual([]);
  });
});

describe('display times (docs/product/validation.md#58-flow-checks)', () => {
  const times = (v: FlowBody['display_times']) => displayTimesProblem('custom', v);

  it('Please input valid display times when empty', () => {
    expect(times('')).toBe(M.displayTimesRequired);
    expect(times(null)).toBe(M.displayTimesRequired);
    expect(times(undefined)).toBe(M.displayTimesRequired);
  });
  it('accepts a whole number of at least 1, as a number or digits', () => {
    expect(times(1)).toBeNull();
    expect(times(3)).toBeNull();
    expect(times('12')).toBeNull();
  });
  it('refuses 0', () => expect(times(0)).toBe(M.displayTimesNumber));
  it('refuses "0"', () => expect(times('0')).toBe(M.displayTimesNumber));
  it('refuses negative numbers', () => expect(times('-1')).toBe(M.displayTimesNumber));
  it('refuses -1 as a number', () => expect(times(-1)).toBe(M.displayTimesNumber));
  it('refuses exponent notation', () => expect(times('1e3')).toBe(M.displayTimesNumber));
  it('refuses hexadecimal', () => expect(times('0x10')).toBe(M.displayTimesNumber));
  it('refuses fractions', () => expect(times(1.5)).toBe(M.displayTimesNumber));
  it('refuses text', () => expect(times('twice')).toBe(M.displayTimesNumber));
  it('is not asked for unless the display type is custom', () =>
    expect(displayTimesProblem('once', 'twice')).toBeNull());
});

describe('SAFE_LINK', () => {
  it.each(['https://example.com', 'http://example.com/a', '/pricing', '/'])('accepts %s', (v) =>
    expect(SAFE_LINK.test(v)).toBe(true),
  );
  it.each(['//evil.com', '/\\evil.com', 'javascript:alert(1)', 'data:text/html,x'])(
    'refuses %s',
    (v) => expect(SAFE_LINK.test(v)).toBe(false),
  );
  it('the contract refuses a /\\ link on an action', () =>
    expect(
      flowBody.safeParse(
        aFlow({
          steps: [
            aStep({
              buttons: [aButton({ actions: [{ type: 'navigation', value: '/\\evil.com' }] })],
            }),
          ],
        }),
      ).success,
    ).toBe(false));
});

describe('isTourLink (navigation links and background images, issue 30 point 9)', () => {
  it.each(['https://example.com/a', 'http://localhost:3000/x', '/pricing', ' /a '])(
    'accepts %s',
    (v) => expect(isTourLink(v)).toBe(true),
  );
  it.each([
    'https://',
    'https://exa mple.com',
    'ftp://x.com',
    'javascript:alert(1)',
    '//evil.com',
    'pricing',
    '',
  ])('refuses %s', (v) => expect(isTourLink(v)).toBe(false));
  it('is what actionProblem and stepProblems refuse with the spec wording', () => {
    expect(actionProblem({ type: 'navigation', value: 'https://' }, false)).toBe(
      MESSAGES.flows.linkInvalid,
    );
    expect(actionProblem({ type: 'navigation', value: '/ok' }, false)).toBeNull();
    expect(MESSAGES.flows.linkInvalid).toMatch(/^A valid URL uses http or https only/);
  });
});
