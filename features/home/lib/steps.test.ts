import { describe, expect, it } from 'vitest';
import { CHECKLIST_STEPS, checklistProgress } from './steps';

const none = {
  product_created: false,
  snippet_installed: false,
  event_defined: false,
  tour_published: false,
  report_or_link_created: false,
};

describe('checklist steps', () => {
  it('lists the five steps in order, each with the page it is done on', () => {
    expect(CHECKLIST_STEPS.map((s) => [s.key, s.href])).toEqual([
      ['product_created', '/brands'],
      ['snippet_installed', '/integrations'],
      ['event_defined', '/events/create'],
      ['tour_published', '/flows/create'],
      ['report_or_link_created', '/reports/create'],
    ]);
  });

  it('counts the steps done', () => {
    expect(checklistProgress(none)).toEqual({ done: 0, total: 5 });
    expect(checklistProgress({ ...none, product_created: true, snippet_installed: true })).toEqual({
      done: 2,
      total: 5,
    });
    const all = Object.fromEntries(Object.keys(none).map((k) => [k, true])) as typeof none;
    expect(checklistProgress(all)).toEqual({ done: 5, total: 5 });
  });
});
