import { afterEach, describe, expect, it, vi } from 'vitest';
import { uuid } from './ids';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => vi.unstubAllGlobals());

describe('uuid', () => {
  it('uses crypto.randomUUID when the page is a secure context', () => {
    vi.stubGlobal('crypto', { randomUUID: () => '11111111-1111-4111-8111-111111111111' });
    expect(uuid()).toBe('11111111-1111-4111-8111-111111111111');
  });

  it.each([
    ['getRandomValues', { getRandomValues: (a: Uint8Array) => a.fill(0xab) }],
    ['Math.random', undefined],
  ])('falls back to a v4 id built with %s (plain http pages)', (_name, crypto) => {
    vi.stubGlobal('crypto', crypto);
    const ids = new Set(Array.from({ length: 50 }, () => uuid()));
    for (const id of ids) expect(id).toMatch(V4);
    if (!crypto) expect(ids.size).toBe(50);
  });
});
