import { existsSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import next from 'next';
import { childProcessEnv } from './env';

export interface NextBridge {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void>;
  close(): Promise<void>;
}

/** Builds the dashboard once when no production build exists (first `npm start`). */
export function ensureBuild(root: string, distDir: string, log: FastifyBaseLogger) {
  if (existsSync(path.join(root, distDir, 'BUILD_ID'))) return;
  log.info(
    'no production build found: running `next build` (first start only, takes a few minutes)',
  );
  const bin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
  const res = spawnSync(process.execPath, [bin, 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: childProcessEnv({ NEXT_TELEMETRY_DISABLED: '1' }),
  });
  if (res.status !== 0) throw new Error('`next build` failed; see the output above.');
}

/** Next's request handler (pages router) for every path Fastify does not own. */
export async function createNextBridge(opts: {
  root: string;
  dev: boolean;
  port: number;
  hostname: string;
}): Promise<NextBridge> {
  const app = next({ dev: opts.dev, dir: opts.root, port: opts.port, hostname: opts.hostname });
  await app.prepare();
  const handle = app.getRequestHandler();
  const upgrade = app.getUpgradeHandler();
  return {
    handle: (req, res) => handle(req, res),
    upgrade: (req, socket, head) => upgrade(req, socket, head),
    close: () => app.close(),
  };
}
