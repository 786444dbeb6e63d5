import { describe, expect, it } from 'vitest';
import { createClickHasher } from './click-fingerprint';

const UA = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0';
const T = Date.UTC(2026, 10, 27, 10, 15);
const HOUR = 3_600_000;

describe('click hasher', () => {
  const h = createClickHasher('s'.repeat(32));
  const link = { id: 7, brandId: 3 };

  it('gives one fingerprint per visitor, link and clock hour', () => {
    const a = h.click('203.0.113.9', UA, link, T);
    expect(h.click('203.0.113.9', UA, link, T + 10 * 60_000)).toEqual(a);
    const others = [
      h.click('203.0.113.9', UA, link, T + HOUR),
      h.click('203.0.113.9', UA, { id: 8, brandId: 3 }, T),
      h.click('203.0.113.10', UA, link, T),
      h.click('203.0.113.9', `${UA} other`, link, T),
    ].map((c) => c.fingerprint);
    expect(new Set([a.fingerprint, ...others]).size).toBe(5);
    expect(a.hour).toBe(Math.floor(T / HOUR));
  });

  it('gives one anonymous id per visitor, product and UTC day, without the address', () => {
    const a = h.click('203.0.113.9', UA, link, T);
    expect(a.visitor).toMatch(/^lv_[A-Za-z0-9_-]{22}$/);
    expect(h.click('203.0.113.9', UA, { id: 8, brandId: 3 }, T + 5 * HOUR).visitor).toBe(a.visitor);
    expect(h.click('203.0.113.9', UA, link, T + 24 * HOUR).visitor).not.toBe(a.visitor);
    expect(h.click('203.0.113.9', UA, { id: 7, brandId: 4 }, T).visitor).not.toBe(a.visitor);
    expect(`${a.visitor}${a.fingerprint}`).not.toContain('203.0.113');
  });

  it('depends on the secret', () => {
    const other = createClickHasher('t'.repeat(32));
    expect(other.click('203.0.113.9', UA, link, T).visitor).not.toBe(
      h.click('203.0.113.9', UA, link, T).visitor,
    );
  });
});
