import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/**
 * The real server process as `npm start` runs it (API role, so no Next build is needed), for the
 * tests that restart or kill it. Call killServers() in afterAll.
 */
const ROOT = path.resolve(__dirname, '../..');
const children: ChildProcess[] = [];

export interface ServerProcess {
  child: ChildProcess;
  /** The exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string;
}

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts server/index.ts without external services; `env` adds to or overrides that. */
export function spawnServer(env: Record<string, string>): ServerProcess {
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

/** Waits until `base`/readyz answers; fails with the server's output if it exits or takes a minute. */
export async function waitReady(base: string, server: ServerProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  let dead = false;
  void server.exited.then(() => (dead = true));
  while (Date.now() < deadline && !dead) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become ready:\n${server.output()}`);
}

/** spawnServer on a free port, once it is ready; `base` is its http://127.0.0.1:port. */
export async function startServer(
  env: Record<string, string>,
): Promise<ServerProcess & { base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawnServer({ ...env, PORT: String(port) });
  await waitReady(base, server);
  return { ...server, base };
}

/** SIGKILLs every server the test file started that may still run. */
export function killServers() {
  children.forEach((c) => c.kill('SIGKILL'));
}

/** The Authorization header for a session token or write key. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** POSTs JSON to the running server. */
export const postJson = (
  base: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
) =>
  fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** The first link in the dev outbox mailed to `to`; mail goes out just after the response. */
export async function mailedLink(base: string, to: string, pathname?: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const outbox = (await (await fetch(`${base}/v1/dev/outbox`)).json()) as {
      data: { to: string; links: string[] }[];
    };
    const link = outbox.data
      .filter((m) => m.to === to)
      .flatMap((m) => m.links)
      .find((l) => !pathname || new URL(l).pathname === pathname);
    if (link) return link;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} in the outbox`);
}

/** Signs up over HTTP, follows the mailed verification link and signs in: the session token. */
export async function signUpVerifiedOver(
  base: string,
  email: string,
  password: string,
): Promise<string> {
  const expectStatus = async (step: string, res: Response, status: number) => {
    if (res.status !== status)
      throw new Error(`${step} answered ${res.status}: ${await res.text()}`);
    return res;
  };
  const up = await postJson(base, '/v1/auth/sign-up', { name: 'Test User', email, password });
  await expectStatus('sign-up', up, 201);
  const token = new URL(await mailedLink(base, email)).searchParams.get('token');
  await expectStatus(
    'verify-email',
    await postJson(base, '/v1/auth/verify-email', { token, password }),
    200,
  );
  const signIn = await postJson(base, '/v1/auth/sign-in', { email, password });
  await expectStatus('sign-in', signIn, 200);
  return ((await signIn.json()) as { data: { token: string } }).data.token;
}
