import { describe, expect, it } from 'vitest';
import type { UrlCondition } from '../../../../lib/contracts/flows';
import type { Candidate } from './decide';
import { stillPossible } from './reads';

const step = { id: 's1', type: 'modal' as const, content: '<p>Hi</p>', buttons: [] };
const inc = (value: string): UrlCondition => ({
  type: 'includes',
  condition_type: 'contains',
  value,
});
const exc = (value: string): UrlCondition => ({ ...inc(value), type: 'excludes' });
const urlTrigger = (...conditions: UrlCondition[]) => ({
  trigger_type: 'url' as const,
  conditions,
});
const planIs = {
  trigger_type: 'customer_condition' as const,
  conditions: [{ customer_key: 'plan', condition_type: 'exact' as const, value: 'pro' }],
};
const candidate = (
  id: number,
  triggers: Candidate['definition']['condition']['trigger_conditions'],
  over: Partial<Candidate['definition']> = {},
): Candidate => ({
  id,
  publishedAt: new Date(0),
  definition: {
    condition: { trigger_conditions: triggers, trigger_operator: 'AND' },
    attribute_conditions: [],
    display_type: 'every_time',
    display_times: null,
    priority: 0,
    steps: [step],
    ...over,
  } as Candidate['definition'],
});
const ids = (cs: Candidate[]) => cs.map((c) => c.id);
const never = () => 0;

describe('stillPossible', () => {
  it('keeps the tours whose URL triggers hold: all of them under AND, one under OR', () => {
    const app = urlTrigger(inc('/app'));
    const billing = urlTrigger(inc('/billing'));
    const or = (id: number, ...t: Candidate['definition']['condition']['trigger_conditions']) =>
      candidate(id, t, { condition: { trigger_conditions: t, trigger_operator: 'OR' } });
    const tours = [
      candidate(1, [app]),
      candidate(2, [app, billing]),
      or(3, app, billing),
      or(4, billing, planIs), // a trigger read later (the profile) keeps it in play
      or(5, billing),
      candidate(6, []),
      candidate(7, [app, planIs]),
    ];
    expect(ids(stillPossible(tours, 'https://a.io/app/x', never))).toEqual([1, 3, 4, 6, 7]);
    expect(ids(stillPossible(tours, 'https://a.io/billing', never))).toEqual([3, 4, 5, 6]);
  });

  it('reads the same rows against each new URL (nothing of one URL is kept for the next)', () => {
    const rows = [inc('/app'), exc('/app/settings')];
    const tour = [candidate(1, [urlTrigger(...rows)])];
    expect(ids(stillPossible(tour, 'https://a.io/app', never))).toEqual([1]);
    expect(ids(stillPossible(tour, 'https://a.io/app/settings', never))).toEqual([]);
    expect(ids(stillPossible(tour, 'https://a.io/home', never))).toEqual([]);
    expect(ids(stillPossible(tour, 'https://a.io/APP/x', never))).toEqual([1]);
    // An include with an empty value never matches, and still counts as an include.
    const blank = [candidate(2, [urlTrigger(inc('  '))])];
    expect(ids(stillPossible(blank, 'https://a.io/app', never))).toEqual([]);
  });

  it('drops tours without steps and those whose display rule allows no more sessions', () => {
    const tours = [
      candidate(1, [], { display_type: 'once' }),
      candidate(2, [], { steps: [] }),
      candidate(3, [], { display_type: 'custom', display_times: 2 }),
    ];
    expect(ids(stillPossible(tours, 'https://a.io/', never))).toEqual([1, 3]);
    expect(ids(stillPossible(tours, 'https://a.io/', (id) => (id === 3 ? 2 : 1)))).toEqual([]);
    expect(ids(stillPossible(tours, 'https://a.io/', (id) => (id === 3 ? 1 : 0)))).toEqual([1, 3]);
  });
});
