import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bearer,
  freePort,
  killServers,
  mailedLink,
  postJson,
  signUpVerifiedOver,
  spawnServer,
  startServer,
} from './server-process';

/** The real server process as `npm start` runs it (API role, so no Next build is needed). */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'signpost-proc-'));
afterAll(() => {
  killServers();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('fails at start with a readable list of bad configuration', async () => {
    const p = spawnServer({ PORT: 'abc', DATABASE_URL: 'mysql://nope', DATA_DIR: dataDir });
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain('Invalid configuration');
    expect(p.output()).toMatch(/PORT/);
    expect(p.output()).toContain('DATABASE_URL must start with postgres:// or postgresql://');
  });

  it('refuses to start on a public APP_URL without SMTP and Stripe, and starts in test mode when allowed', async () => {
    const refused = spawnServer({ APP_URL: 'https://signpost.example.com', DATA_DIR: dataDir });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain('SMTP_URL is required when APP_URL');
    expect(refused.output()).toContain('PAYMENT_PROVIDER=local');

    const allowed = await startServer({
      APP_URL: 'https://signpost.example.com',
      SHORT_URL_BASE_URL: 'https://go.signpost-links.example',
      MAIL_TRANSPORT: 'outbox',
      PAYMENT_PROVIDER: 'local',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'signpost-proc-test-mode-')),
    });
    expect(allowed.output()).toContain('TEST MODE: MAIL_TRANSPORT=outbox');
    expect(allowed.output()).toContain('TEST MODE: PAYMENT_PROVIDER=local');
    const config = await fetch(`${allowed.base}/v1/payments/config`);
    expect(((await config.json()) as { data: { test_mode: boolean } }).data.test_mode).toBe(true);
    allowed.child.kill('SIGTERM');
    expect(await allowed.exited).toBe(0);
  });

  it('never writes a reset or verification link to the log, at any level', async () => {
    const server = await startServer({
      LOG_LEVEL: 'trace',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'signpost-proc-log-')),
    });
    const email = 'logs@example.com';
    await signUpVerifiedOver(server.base, email, 'Logged1!x');
    expect((await postJson(server.base, '/v1/auth/forgot-password', { email })).status).toBe(200);
    const link = await mailedLink(server.base, email, '/reset-password');
    const token = new URL(link).searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(20);
    await new Promise((r) => setTimeout(r, 200));
    expect(server.output()).toContain('kept in the local outbox');
    expect(server.output()).not.toContain(token);
    expect(server.output()).not.toContain('token=');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('keeps users and brands across a restart, refuses a second process on DATA_DIR, and exits cleanly on SIGTERM', async () => {
    const first = await startServer({ DATA_DIR: dataDir });
    const { base } = first;

    const email = 'restart@example.com';
    const password = 'Restart1!';
    const session = await signUpVerifiedOver(base, email, password);
    const brand = await postJson(
      base,
      '/v1/brands',
      { name: 'Kept', domain: 'kept.example.com' },
      bearer(session),
    );
    expect(brand.status).toBe(201);

    const second = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is in use by another Signpost process');

    // A request in flight when SIGTERM arrives still gets its answer.
    const inFlight = postJson(base, '/v1/auth/sign-in', { email, password });
    await new Promise((r) => setTimeout(r, 15));
    first.child.kill('SIGTERM');
    expect((await inFlight).status).toBe(200);
    const firstCode = await first.exited;
    if (firstCode !== 0) console.log(first.output());
    expect(firstCode).toBe(0);

    const again = await startServer({ DATA_DIR: dataDir });
    const list = await fetch(`${again.base}/v1/brands`, { headers: bearer(session) });
    expect(list.status).toBe(200);
    const body = (await list.json()) as { data: { data: { name: string }[] } };
    expect(body.data.data.map((b) => b.name)).toEqual(['Kept']);
    expect((await postJson(again.base, '/v1/auth/sign-in', { email, password })).status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  });
});
