import { describe, expect, it } from 'vitest';
import { addressKey, memoryCounterStore } from './rate-limit';

describe('memoryCounterStore', () => {
  it('counts hits in a fixed window and starts again after it', async () => {
    let clock = 0;
    const store = memoryCounterStore({ now: () => clock });
    expect((await store.hit('k', 1_000)).count).toBe(1);
    clock = 500;
    expect(await store.hit('k', 1_000, 2)).toEqual({ count: 3, resetInMs: 500 });
    expect((await store.peek('k')).count).toBe(3);
    clock = 1_000;
    expect((await store.peek('k')).count).toBe(0);
    expect((await store.hit('k', 1_000)).count).toBe(1);
  });

  it('does O(1) work per hit with 60,000 distinct client addresses, and holds at most maxKeys', async () => {
    let clock = 0;
    const store = memoryCounterStore({ maxKeys: 50_000, now: () => clock });
    for (let i = 0; i < 60_000; i++) {
      if (i % 1_000 === 0) clock += 1; // windows of other lengths keep living meanwhile
      await store.hit(`sign-in:ip:10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, 60_000);
    }
    const before = store.examined();
    for (let i = 0; i < 1_000; i++) await store.hit(`sign-in:ip:other-${i}`, 60_000);
    // Each hit looks at a handful of entries (the old store rescanned all 50,000+ every time).
    expect(store.examined() - before).toBeLessThanOrEqual(3 * 1_000);
    expect(store.size()).toBe(50_000);
  });

  it("never lets a flood of one kind of counter push out another kind's live windows", async () => {
    const store = memoryCounterStore({ maxKeys: 1_000 });
    await store.hit('signin-fail-acct:owner@example.com', 15 * 60_000, 9);
    await store.hit('ingest-day:owner-1:2026-11-28', 86_400_000, 500);
    for (let i = 0; i < 5_000; i++) await store.hit(`short-url:ip:2001:db8:${i}::/64`, 60_000);
    expect((await store.peek('signin-fail-acct:owner@example.com')).count).toBe(9);
    expect((await store.peek('ingest-day:owner-1:2026-11-28')).count).toBe(500);
    expect(store.size()).toBe(1_002);
  });

  it('drops expired windows as new hits come, without a scan', async () => {
    let clock = 0;
    const store = memoryCounterStore({ now: () => clock });
    for (let i = 0; i < 1_000; i++) await store.hit(`k:a${i}`, 10);
    clock = 20;
    for (let i = 0; i < 1_000; i++) await store.hit(`k:b${i}`, 10_000);
    expect(store.size()).toBe(1_000);
  });
});

describe('addressKey', () => {
  it('keeps an IPv4 address whole, mapped or not', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64 network, however it is written', () => {
    const a = addressKey('2001:db8:0:12:aaaa:bbbb:cccc:dddd');
    expect(a).toBe('2001:db8:0:12::/64');
    expect(addressKey('2001:0db8:0000:0012::1')).toBe(a);
    expect(addressKey('2001:DB8:0:12:1:2:3:4')).toBe(a);
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8:0:13::1')).not.toBe(a);
  });
});
