import { describe, expect, it } from 'vitest';
import { selectElementSchema } from '../../../lib/contracts/flows';
import { describeTarget } from './describe';
import { FIXTURE_TARGETS, fixturePage } from './fixture';
import { resolveTarget } from './resolve';

describe('targets survive a redesign (the robustness fixture)', () => {
  it('finds at least 95 of 100 picked targets on the second build and never a wrong element', () => {
    document.body.innerHTML = fixturePage(1);
    const picked = Array.from(document.querySelectorAll('[data-key]'));
    expect(picked).toHaveLength(FIXTURE_TARGETS);
    const targets = picked.map((el) => ({
      key: el.getAttribute('data-key'),
      target: selectElementSchema.parse({ url: '/shop', ...describeTarget(el) }),
    }));
    // Every pick resolves on the page it was picked on.
    for (const { key, target } of targets)
      expect(resolveTarget(target)?.getAttribute('data-key')).toBe(key);

    document.body.innerHTML = fixturePage(2);
    expect(document.body.innerHTML).not.toBe(fixturePage(1));
    let found = 0;
    const wrong: string[] = [];
    for (const { key, target } of targets) {
      const el = resolveTarget(target);
      if (!el) continue;
      if (el.getAttribute('data-key') === key) found += 1;
      else wrong.push(`${key} → ${el.getAttribute('data-key') ?? el.outerHTML.slice(0, 60)}`);
    }
    expect(wrong).toEqual([]);
    expect(found).toBeGreaterThanOrEqual(95);
  });

  it('grades the fixture: attributes and stable ids A, labels B, plain text C', () => {
    document.body.innerHTML = fixturePage(1);
    const grades = { A: 0, B: 0, C: 0 };
    for (const el of Array.from(document.querySelectorAll('[data-key]')))
      grades[describeTarget(el).grade] += 1;
    expect(grades).toEqual({ A: 24, B: 58, C: 18 });
  });
});
