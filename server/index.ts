import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { loadProcessEnv, nextDistDir, paymentProviderName, readDotEnv } from './env';
import { openDatabase } from './db/client';
import { lockDataDir } from './db/data-dir-lock';
import { buildApp } from './app';
import { runsJobs } from './jobs';
import { createTargetHealthJob } from './modules/flows/target-health-job';
import { LOG_SERIALIZERS } from './lib/redact-error';
import { createNextBridge, ensureBuild, type NextBridge } from './next-handler';
import {
  contentSecurityPolicy,
  dashboardHeadersFor,
  inlineScriptHashes,
} from './plugins/security-headers';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAINTENANCE_EVERY_MS = 6 * 60 * 60 * 1000;
/** Plain ANALYZE (no VACUUM) on PGlite: cheap, and keeps plans right after bulk loads. */
const ANALYZE_EVERY_MS = 10 * 60 * 1000;

async function main() {
  const dev = process.argv.includes('--dev');
  readDotEnv(path.join(ROOT, '.env'));
  const env = (() => {
    try {
      return loadProcessEnv(dev);
    } catch (err) {
      console.error((err as Error).message);
      process.exit(1);
    }
  })();
  const log = pino({ level: env.LOG_LEVEL, serializers: LOG_SERIALIZERS });

  let releaseLock: () => void;
  try {
    releaseLock = lockDataDir(env.DATA_DIR);
  } catch (err) {
    log.fatal((err as Error).message);
    process.exit(1);
  }
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
  });
  log.info(
    { engine: database.engine, dataDir: env.DATA_DIR },
    'database ready, migrations applied',
  );

  const app = await buildApp({ env, database, logger: { level: env.LOG_LEVEL } });

  let nextBridge: NextBridge | undefined;
  // The dashboard: ROLE=web and all (a worker node serves only /healthz and /readyz).
  if (env.ROLE === 'web' || env.ROLE === 'all') {
    if (!dev) ensureBuild(ROOT, nextDistDir(env), app.log);
    nextBridge = await createNextBridge({ root: ROOT, dev, port: env.PORT, hostname: 'localhost' });
    const bridge = nextBridge;
    const headersFor = dashboardHeadersFor(
      contentSecurityPolicy({
        scriptHashes: dev ? [] : inlineScriptHashes(path.join(ROOT, nextDistDir(env))),
        stripe: paymentProviderName(env) === 'stripe',
        connect: [env.NEXT_PUBLIC_API_URL, env.NEXT_PUBLIC_GROWTHBOOK_API_HOST],
        dev,
      }),
    );
    app.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'],
      url: '/*',
      schema: { hide: true },
      handler: (req, reply) => {
        for (const [name, value] of Object.entries(headersFor(req)))
          reply.raw.setHeader(name, value);
        reply.hijack();
        return bridge.handle(req.raw, reply.raw);
      },
    });
    app.server.on('upgrade', (req, socket, head) => {
      if (!req.url?.startsWith('/socket.io')) void bridge.upgrade(req, socket, head);
    });
  }

  const timer =
    database.engine === 'pglite'
      ? setInterval(
          () =>
            database.maintenance().catch((err) => app.log.warn({ err }, 'VACUUM ANALYZE failed')),
          MAINTENANCE_EVERY_MS,
        )
      : undefined;
  timer?.unref();
  const analyzeTimer =
    database.engine === 'pglite'
      ? setInterval(
          () => database.analyze().catch((err) => app.log.warn({ err }, 'ANALYZE failed')),
          ANALYZE_EVERY_MS,
        )
      : undefined;
  analyzeTimer?.unref();
  // Jobs (docs/jobs.md) run on worker nodes: ROLE=worker or all, with the ticks that enqueue them.
  // Segment membership records, a minute behind the events (docs/segments.md, "Membership
  // records"): one job per product, one unfinished per product. Broken tours mail their owner even
  // when nobody opens the dashboard (docs/flows.md, "Target health"): one sweep job every
  // TARGET_HEALTH_SWEEP_MS, one unfinished in the deployment.
  const targetHealthJob = runsJobs(env)
    ? createTargetHealthJob({
        jobs: app.ctx.jobs,
        health: app.ctx.targetHealth,
        onError: (err) => app.log.warn({ err }, 'target health sweep not enqueued'),
      })
    : undefined;
  if (runsJobs(env)) {
    app.ctx.jobs.start();
    app.ctx.segmentMembership.start();
    targetHealthJob?.start();
    // Tonight's retention purge (docs/retention.md): one sweep queued per night.
    app.ctx.retention.start((err) => app.log.warn({ err }, 'retention purge not enqueued'));
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      clearInterval(timer);
      clearInterval(analyzeTimer);
      targetHealthJob?.close();
      await app.close();
      await nextBridge?.close().catch(() => undefined);
      await database.close();
    } finally {
      releaseLock();
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(
    `Signpost is serving http://localhost:${env.PORT} (role ${env.ROLE}${dev ? ', dev' : ''})`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
