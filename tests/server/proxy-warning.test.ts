import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { setupTestApps } from './helpers';

/** docs/security.md, "Behind a proxy": the server says when it sees a proxy it was not told of. */

const newApp = setupTestApps();

async function appWithLog(env: Record<string, string> = {}) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const t = await newApp({ env, logger: { level: 'info', stream } });
  const get = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '10.0.0.5', headers });
  const warnings = () => lines.filter((l) => l.includes('X-Forwarded-For arrived'));
  return { get, warnings, lines };
}

describe('X-Forwarded-For while TRUST_PROXY is off', () => {
  it('warns once, naming the address it came from, not once per request', async () => {
    const { get, warnings } = await appWithLog();
    expect((await get()).statusCode).toBe(200);
    expect(warnings()).toHaveLength(0);
    for (let i = 0; i < 5; i++)
      expect((await get({ 'x-forwarded-for': `203.0.113.${i}` })).statusCode).toBe(200);
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toContain('from 10.0.0.5 while TRUST_PROXY is off');
    expect(warnings()[0]).toContain('"level":40');
  });

  it("says nothing when TRUST_PROXY names the proxy's address, and warns at start on true", async () => {
    const named = await appWithLog({ TRUST_PROXY: '10.0.0.5' });
    await named.get({ 'x-forwarded-for': '203.0.113.9' });
    expect(named.warnings()).toHaveLength(0);
    expect(named.lines.join('')).not.toContain('TRUST_PROXY=true');

    const all = await appWithLog({ TRUST_PROXY: 'true' });
    await all.get({ 'x-forwarded-for': '203.0.113.9' });
    expect(all.warnings()).toHaveLength(0);
    expect(all.lines.join('')).toContain(
      'TRUST_PROXY=true believes X-Forwarded-For from any client',
    );
  });
});
