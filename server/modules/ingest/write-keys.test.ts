import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../lib/messages';
import { AppError } from '../../errors';
import { hashToken } from '../../lib/tokens';
import { memoryCounterStore } from '../../plugins/rate-limit';
import { createWriteKeys } from './write-keys';

type Lookup = Parameters<typeof createWriteKeys>[0]['findForIngestion'];
const GOOD = 'wk_AbCdEfGhIjKlMnOpQrStUvWx';
const SERVER = 'sk_0123456789abcdefghijklmnopqrstuv';

/** A brands repository that knows GOOD and SERVER, and counts its queries. */
function fakeBrands() {
  const asked: unknown[] = [];
  const row = {
    id: 7,
    ownerId: 'owner-1',
    domain: 'shop.example',
    allowedOrigins: [],
    requireSignedIdentity: false,
    identitySecret: null,
    ipCapture: 'off' as const,
    eventFilters: [],
    updatedAt: new Date(0),
    hasSuppressions: false,
  };
  const findForIngestion = async (by: { writeKey: string } | { serverKeyHash: string }) => {
    asked.push(by);
    if ('writeKey' in by) return by.writeKey === GOOD ? row : undefined;
    return by.serverKeyHash === hashToken(SERVER) ? row : undefined;
  };
  return {
    asked,
    findForIngestion: findForIngestion as Lookup,
  };
}

describe('createWriteKeys', () => {
  it('refuses a key of the wrong shape without a query', async () => {
    const brands = fakeBrands();
    const keys = createWriteKeys(brands);
    for (const key of [
      `wk_${'a'.repeat(62)}`, // 65 characters
      'x'.repeat(400 * 1024),
      'pk_abc',
      'wk_',
      'wk_has space',
      'wk_ünicode',
    ])
      expect(await keys.resolve(key)).toBeNull();
    expect(brands.asked).toEqual([]);
    expect(await keys.resolve(`wk_${'a'.repeat(61)}`)).toBeNull(); // 64: looked up
    expect(brands.asked).toHaveLength(1);
  });

  it('looks a product key up once, and secret keys by their hash', async () => {
    const brands = fakeBrands();
    const keys = createWriteKeys(brands);
    expect((await keys.resolve(GOOD))?.brandId).toBe(7);
    expect((await keys.resolve(GOOD))?.trusted).toBe(false);
    expect((await keys.resolve(SERVER))?.trusted).toBe(true);
    expect(brands.asked).toEqual([{ writeKey: GOOD }, { serverKeyHash: hashToken(SERVER) }]);
  });

  it("never lets a stranger's made-up keys push a product's key out of the cache", async () => {
    const brands = fakeBrands();
    const keys = createWriteKeys(brands);
    await keys.resolve(GOOD);
    for (let i = 0; i < 20_000; i++) await keys.resolve(`wk_unknown${i}`);
    const before = brands.asked.length;
    expect((await keys.resolve(GOOD))?.brandId).toBe(7);
    expect(brands.asked.length).toBe(before);
  });

  it('answers 429 to an address that sent too many unknown keys, before any lookup', async () => {
    const brands = fakeBrands();
    const counters = memoryCounterStore();
    const keys = createWriteKeys(brands, { counters, rule: { max: 3, windowMs: 60_000 } });
    await keys.resolve('garbage', '203.0.113.7');
    await keys.resolve('wk_nope1', '203.0.113.7');
    await keys.resolve('wk_nope2', '203.0.113.7');
    const asked = brands.asked.length;
    const refused = await keys.resolve('wk_nope3', '203.0.113.7').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(429);
    expect((refused as AppError).message).toBe(MESSAGES.ingest.tooManyUnknownKeys);
    expect(brands.asked.length).toBe(asked);
    // Another address, and a known key from the same address once cached, still pass.
    expect(await keys.resolve('wk_nope4', '198.51.100.1')).toBeNull();
    expect((await keys.resolve(GOOD, '198.51.100.1'))?.brandId).toBe(7);
    expect((await keys.resolve(GOOD, '203.0.113.7'))?.brandId).toBe(7);
  });

  it("never refuses a product's key that answered lately, from an address over its limit", async () => {
    const brands = fakeBrands();
    const counters = memoryCounterStore({ now: () => 0 }); // the address's window never ends
    const keys = createWriteKeys(brands, { counters, rule: { max: 1, windowMs: 60_000 } });
    expect((await keys.resolve(GOOD, '198.51.100.9'))?.brandId).toBe(7);
    await keys.resolve('wk_stale', '198.51.100.9');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // A minute on, past the 5 s cache of products: looked up again, not refused.
      vi.setSystemTime(Date.now() + 60_000);
      const before = brands.asked.length;
      expect((await keys.resolve(GOOD, '198.51.100.9'))?.brandId).toBe(7);
      expect(brands.asked.length).toBe(before + 1);
      await expect(keys.resolve('wk_stale2', '198.51.100.9')).rejects.toMatchObject({
        status: 429,
      });
    } finally {
      vi.useRealTimers();
    }
  });
});
