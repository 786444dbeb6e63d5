import { describe, expect, it } from 'vitest';
import {
  stepHealth,
  TARGET_HEALTH_MIN_VIEWS,
  tooFewViews,
  tourHealth,
  type TargetHealthStatus,
} from './target-health';

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
    [20, 5, false, 'broken'],
    [20, 1, false, 'degraded'],
    [100, 100, false, 'broken'],
    // Fewer than 20 views: too little data, healthy whatever the share (the runtime calls are
    // public: a few sessions must not break a tour).
    [4, 1, false, 'healthy'],
    [1, 1, false, 'healthy'],
    [19, 19, false, 'healthy'],
    [19, 19, true, 'healthy'],
    [19, 5, false, 'healthy'],
    // Step 1 never found: broken from 20 attempts (the share says broken too, the rule is explicit).
    [20, 20, true, 'broken'],
    [20, 19, true, 'broken'],
    [20, 0, true, 'healthy'],
  ])('%i views, %i missing, first %s → %s', (views, missing, first, expected) => {
    expect(stepHealth({ views, missing }, first)).toBe(expected);
  });

  it('flags too little data below the minimum of views, not without views', () => {
    expect(TARGET_HEALTH_MIN_VIEWS).toBe(20);
    expect(tooFewViews({ views: 0, missing: 0 })).toBe(false);
    expect(tooFewViews({ views: 1, missing: 1 })).toBe(true);
    expect(tooFewViews({ views: 19, missing: 0 })).toBe(true);
    expect(tooFewViews({ views: 20, missing: 20 })).toBe(false);
  });

  it('a tour takes its worst step; unknown without data', () => {
    expect(tourHealth([])).toBe('unknown');
    expect(tourHealth([{ views: 0, missing: 0 }])).toBe('unknown');
    expect(
      tourHealth([
        { views: 100, missing: 0 },
        { views: 40, missing: 4 },
      ]),
    ).toBe('degraded');
    expect(
      tourHealth([
        { views: 100, missing: 1 },
        { views: 0, missing: 0 },
        { views: 80, missing: 20 },
      ]),
    ).toBe('broken');
    // A step with too little data does not make the tour broken.
    expect(
      tourHealth([
        { views: 100, missing: 1 },
        { views: 8, missing: 8 },
      ]),
    ).toBe('healthy');
  });
});
