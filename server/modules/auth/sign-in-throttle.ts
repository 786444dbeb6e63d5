import { MESSAGES } from '../../../lib/messages';
import { tooManyRequests } from '../../errors';
import type { CounterStore, LimitRule } from '../../plugins/rate-limit';

/** An address that signed in to an account stays "its own" this long. */
const KNOWN_ADDRESS_MS = 90 * 24 * 60 * 60 * 1000;
/** Failures of an account (from anywhere) after which strangers are slowed down. */
const SLOW_AFTER_FAILURES = 10;
/** The longest wait between two attempts from unknown addresses. */
const MAX_DELAY_MS = 60_000;

/**
 * Failed sign-ins (docs/security.md, "Accounts"):
 * - per account and address: `pair.max` failures in `pair.windowMs`, then 429 for that pair only;
 * - per address: the sign-in route's own limit (limitByIp), whatever the account;
 * - per account, from addresses it never signed in from: past 10 failures each attempt must wait
 *   a delay that doubles with every failure (1 s, 2 s, 4 s … up to 60 s). Nothing locks: an
 *   address the owner signed in from keeps working however many failures strangers cause.
 */
export function createSignInThrottle(deps: { counters: CounterStore; pair: LimitRule }) {
  const { counters, pair } = deps;
  const keys = (email: string, ip: string) => ({
    pair: `signin-fail:${email}:${ip}`,
    account: `signin-fail-acct:${email}`,
    slow: `signin-slow:${email}`,
    // Bumped by a password reset: every address known before it is forgotten.
    epoch: `signin-epoch:${email}`,
  });
  const knownKey = async (email: string, ip: string) => {
    const { count: epoch } = await counters.peek(keys(email, ip).epoch);
    return `signin-known:${email}:${epoch}:${ip}`;
  };

  return {
    /** Counts the attempt before the password is checked, so parallel guesses cannot slip by. */
    async before(email: string, ip: string) {
      const k = keys(email, ip);
      const attempts = await counters.hit(k.pair, pair.windowMs);
      if (attempts.count > pair.max)
        throw tooManyRequests(MESSAGES.auth.tooManyAttempts, attempts.resetInMs / 1000);
      const { count: failures } = await counters.peek(k.account);
      if (failures < SLOW_AFTER_FAILURES) return;
      if ((await counters.peek(await knownKey(email, ip))).count > 0) return;
      const delay = Math.min(MAX_DELAY_MS, 1000 * 2 ** (failures - SLOW_AFTER_FAILURES));
      // The first attempt after a wait opens a new wait; any attempt inside it is refused.
      const gate = await counters.hit(k.slow, delay);
      if (gate.count > 1)
        throw tooManyRequests(MESSAGES.auth.tooManyAttempts, gate.resetInMs / 1000);
    },
    async failed(email: string, ip: string) {
      await counters.hit(keys(email, ip).account, pair.windowMs);
    },
    /** The right password: this pair starts afresh. */
    async succeeded(email: string, ip: string) {
      await counters.clear(keys(email, ip).pair);
    },
    /** A session was opened (verified account): the address becomes one of the account's own. */
    async signedIn(email: string, ip: string) {
      await counters.hit(await knownKey(email, ip), KNOWN_ADDRESS_MS);
    },
    /**
     * After a password reset the owner starts afresh (and so does the address they reset from);
     * addresses known before it are forgotten, since whoever knew the old password made them.
     */
    async reset(email: string, ip?: string) {
      const k = keys(email, ip ?? '');
      await counters.clear(k.account);
      await counters.clear(k.slow);
      await counters.hit(k.epoch, KNOWN_ADDRESS_MS * 2);
      if (ip) await counters.clear(k.pair);
    },
  };
}
