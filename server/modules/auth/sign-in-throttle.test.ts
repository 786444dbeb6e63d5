import { describe, expect, it } from 'vitest';
import { memoryCounterStore } from '../../plugins/rate-limit';
import { createSignInThrottle } from './sign-in-throttle';

const pair = { max: 10, windowMs: 15 * 60_000 };

describe('sign-in throttle', () => {
  it('slows unknown addresses past ten failures; an address becomes known only by signing in, and a reset forgets it', async () => {
    const t = createSignInThrottle({ counters: memoryCounterStore(), pair });
    const email = 'owner@example.com';
    // A right password on an unverified account opens no session: the address stays unknown.
    await t.before(email, '10.0.0.9');
    await t.succeeded(email, '10.0.0.9');
    await t.before(email, '10.0.0.1');
    await t.succeeded(email, '10.0.0.1');
    await t.signedIn(email, '10.0.0.1');
    for (let i = 0; i < 10; i++) {
      await t.before(email, `10.1.0.${i}`);
      await t.failed(email, `10.1.0.${i}`);
    }
    await t.before(email, '10.2.0.1'); // opens the wait
    await expect(t.before(email, '10.2.0.2')).rejects.toMatchObject({ status: 429 });
    await expect(t.before(email, '10.0.0.9')).rejects.toMatchObject({ status: 429 });
    await expect(t.before(email, '10.0.0.1')).resolves.toBeUndefined();
    // A password reset: failures cleared, but addresses known before are forgotten.
    await t.reset(email);
    for (let i = 0; i < 10; i++) await t.failed(email, `10.3.0.${i}`);
    await t.before(email, '10.4.0.1');
    await expect(t.before(email, '10.0.0.1')).rejects.toMatchObject({ status: 429 });
  });
});
