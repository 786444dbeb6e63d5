import { describe, expect, it } from 'vitest';
import { stepHealth, tourHealth, type TargetHealthStatus } from './target-health';

describe('target health', () => {
  it.each<[number, number, boolean, TargetHealthStatus]>([
    [0, 0, false, 'unknown'],
    [0, 0, true, 'unknown'],
    [100, 0, false, 'healthy'],
    [100, 4, false, 'healthy'],
    [1000, 49, false, 'healthy'],
    [100, 5, false, 'degraded'],
    [1000, 50, false, 'degraded'],
    [100, 24, false, 'degraded'],
    [1000, 249, false, 'degraded'],
    [100, 25, false, 'broken'],
    [4, 1, false, 'broken'],
    [100, 100, false, 'broken'],
    // Step 1 never found: broken from 20 attempts (the share says broken too, the rule is explicit).
    [20, 20, true, 'broken'],
    [19, 19, true, 'broken'],
    [20, 19, true, 'broken'],
    [20, 0, true, 'healthy'],
  ])('%i views, %i missing, first %s → %s', (views, missing, first, expected) => {
    expect(stepHealth({ views, missing }, first)).toBe(expected);
  });

  it('a tour takes its worst step; unknown without data', () => {
    expect(tourHealth([])).toBe('unknown');
    expect(tourHealth([{ views: 0, missing: 0 }])).toBe('unknown');
    expect(
      tourHealth([
        { views: 100, missing: 0 },
        { views: 10, missing: 1 },
      ]),
    ).toBe('degraded');
    expect(
      tourHealth([
        { views: 100, missing: 1 },
        { views: 0, missing: 0 },
        { views: 8, missing: 2 },
      ]),
    ).toBe('broken');
  });
});
