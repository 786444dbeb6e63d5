import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** The real server process as `npm start` runs it (API role, so no Next build is needed). */
const ROOT = path.resolve(__dirname, '../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'signpost-proc-'));
const children: ChildProcess[] = [];
afterAll(() => {
  children.forEach((c) => c.kill('SIGKILL'));
  rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ROLE: 'api',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitReady(base: string, exited: Promise<number | null>) {
  const deadline = Date.now() + 60_000;
  let dead = false;
  void exited.then(() => (dead = true));
  while (Date.now() < deadline && !dead) {
    try {
      const res = await fetch(`${base}/readyz`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become ready');
}

const post = (base: string, url: string, body: unknown, token?: string) =>
  fetch(`${base}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });

describe('the server process', () => {
  it('fails at start with a readable list of bad configuration', async () => {
    const p = run({ PORT: 'abc', DATABASE_URL: 'mysql://nope', DATA_DIR: dataDir });
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain('Invalid configuration');
    expect(p.output()).toMatch(/PORT/);
    expect(p.output()).toContain('DATABASE_URL must start with postgres:// or postgresql://');
  });

  it('keeps users and brands across a restart, refuses a second process on DATA_DIR, and exits cleanly on SIGTERM', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = run({ PORT: String(port), DATA_DIR: dataDir });
    await waitReady(base, first.exited);

    const email = 'restart@example.com';
    const password = 'Restart1!';
    expect((await post(base, '/v1/auth/sign-up', { name: 'R', email, password })).status).toBe(201);
    // Mail goes out just after the response: look until it is there.
    let link: string | undefined;
    for (let i = 0; i < 50 && !link; i++) {
      const outbox = (await (await fetch(`${base}/v1/dev/outbox`)).json()) as {
        data: { to: string; links: string[] }[];
      };
      link = outbox.data.find((m) => m.to === email)?.links[0];
      if (!link) await new Promise((r) => setTimeout(r, 100));
    }
    if (!link) throw new Error('no verification mail in the outbox');
    const token = new URL(link).searchParams.get('token');
    expect((await post(base, '/v1/auth/verify-email', { token })).status).toBe(200);
    const session = (
      (await (await post(base, '/v1/auth/sign-in', { email, password })).json()) as {
        data: { token: string };
      }
    ).data.token;
    const brand = await post(
      base,
      '/v1/brands',
      { name: 'Kept', domain: 'kept.example.com' },
      session,
    );
    expect(brand.status).toBe(201);

    const second = run({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is in use by another Signpost process');

    // A request in flight when SIGTERM arrives still gets its answer.
    const inFlight = post(base, '/v1/auth/sign-in', { email, password });
    await new Promise((r) => setTimeout(r, 15));
    first.child.kill('SIGTERM');
    expect((await inFlight).status).toBe(200);
    const firstCode = await first.exited;
    if (firstCode !== 0) console.log(first.output());
    expect(firstCode).toBe(0);

    const port2 = await freePort();
    const base2 = `http://127.0.0.1:${port2}`;
    const again = run({ PORT: String(port2), DATA_DIR: dataDir });
    await waitReady(base2, again.exited);
    const list = await fetch(`${base2}/v1/brands`, {
      headers: { authorization: `Bearer ${session}` },
    });
    expect(list.status).toBe(200);
    const body = (await list.json()) as { data: { data: { name: string }[] } };
    expect(body.data.data.map((b) => b.name)).toEqual(['Kept']);
    expect((await post(base2, '/v1/auth/sign-in', { email, password })).status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  });
});
