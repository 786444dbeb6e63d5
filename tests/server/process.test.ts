import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bearer,
  freePort,
  killServers,
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
