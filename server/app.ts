import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { MESSAGES } from '../lib/messages';
import type { Env } from './env';
import { appUrl, shortLinksElsewhere, testMode, testModeWarnings } from './env';
import type { Database } from './db/client';
import type { AppContext, ZodApp } from './context';
import { session } from './context';
import { withAnalyticsCaller } from './analytics/scheduler';
import { analyticsReadiness } from './analytics/readiness';
import {
  createUserRateLimit,
  DEFAULT_USER_RATE_LIMITS,
  isWrite,
  readOnly,
  type UserRateLimits,
} from './plugins/user-rate-limit';
import { bearer } from './lib/bearer';
import { AppError } from './errors';
import type { Mailer } from './mail/mailer';
import { registerErrorHandling } from './plugins/errors';
import { LOG_SERIALIZERS } from './lib/redact-error';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerForwardedWarning } from './plugins/forwarded-warning';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './plugins/rate-limit';
import type { Realtime } from './realtime/notifier';
import type { AnalyticsStore } from './analytics/types';
import type { PaymentProvider } from './payments/types';
import { createContainer } from './container';
import { publicAuthRoutes } from './modules/auth/auth.routes';
import { downloadLinkRoutes } from './modules/auth/download-links.routes';
import { userRoutes } from './modules/users/users.routes';
import { planRoutes } from './modules/plans/plans.routes';
import { brandRoutes } from './modules/brands/brands.routes';
import { themeRoutes } from './modules/themes/themes.routes';
import { featureRoutes } from './modules/features/features.routes';
import { outboxRoutes } from './modules/dev/outbox.routes';
import { eventRoutes } from './modules/events/events.routes';
import { ingestRoutes } from './modules/ingest/ingest.routes';
import { profileRoutes } from './modules/profiles/profiles.routes';
import { sdkRoutes } from './modules/sdk/sdk.routes';
import { flowRoutes } from './modules/flows/flows.routes';
import { segmentRoutes } from './modules/segments/segments.routes';
import { segmentMemberRoutes } from './modules/segments/segment-members.routes';
import { dataExportRoutes } from './modules/data-export/data-export.routes';
import { createServerKeyAuth } from './modules/data-export/server-key-auth';
import { erasureRoutes } from './modules/erasure/erasure.routes';
import { webhookRoutes } from './modules/webhooks/webhooks.routes';
import type { Lookup } from './modules/webhooks/destination-guard';
import { productDeletionRoutes } from './modules/product-deletion/product-deletion.routes';
import { retentionRoutes } from './modules/retention/retention.routes';
import { builderRoutes, builderSessionRoutes } from './modules/builder/builder.routes';
import {
  builderProbeEditorRoutes,
  builderProbeRoutes,
} from './modules/builder/builder-probe.routes';
import { reportRoutes } from './modules/reports/reports.routes';
import { shortUrlRoutes } from './modules/short-urls/short-urls.routes';
import { redirectRoutes } from './modules/short-urls/redirect.routes';
import { flowRuntimeRoutes } from './modules/flows/runtime/runtime.routes';
import {
  paymentRoutes,
  paymentWebhookRoutes,
  publicPaymentRoutes,
} from './modules/payments/payments.routes';
import { homeRoutes } from './modules/home/home.routes';
import { demoRoutes } from './modules/demo/demo.routes';
import { DEMO_ACCOUNT_EMAIL } from '../lib/demo';

export interface BuildAppOptions {
  env: Env;
  database: Database;
  /** Pino options; every logger's `err` is redacted (server/lib/redact-error.ts). */
  logger?: boolean | { level: string; stream?: DestinationStream };
  /** Overrides of the auth rate limits (tests raise them). */
  limits?: Partial<RateLimits>;
  /** Overrides of the per-user limits of signed-in requests (server/plugins/user-rate-limit.ts). */
  userLimits?: Partial<UserRateLimits>;
  /** Replaces the mail transport (tests capture mail at the SMTP edge). */
  mailer?: Mailer;
  /** Attach Socket.IO to this app's HTTP server (default true). */
  realtime?: boolean;
  /** Replaces the realtime notifier (tests observe what is emitted). */
  notifier?: Realtime;
  /** An open analytics store; by default one is opened from env (and closed with the app). */
  analytics?: AnalyticsStore;
  /** Overrides of the ingestion batcher (tests force small batches or a tiny queue). */
  batcher?: { maxBatchRows?: number; maxPendingRows?: number };
  /** The clock of billing and usage decisions (tests move it). */
  now?: () => Date;
  /** Replaces the provider chosen from env (tests). */
  paymentProvider?: PaymentProvider;
  /** Count a saved segment's members in the background (default true; tests of the count off). */
  segmentCounts?: boolean;
  /** The DNS resolver of webhook deliveries (tests); the system's by default. */
  webhookResolve?: Lookup;
}

export type App = FastifyInstance & { ctx: AppContext };

/** Builds the API: plugins, modules and one error handler. Listening is the caller's job. */
export async function buildApp(opts: BuildAppOptions): Promise<App> {
  const { env, database } = opts;
  const logger: FastifyServerOptions['logger'] = opts.logger
    ? { ...(opts.logger === true ? {} : opts.logger), serializers: LOG_SERIALIZERS }
    : false;
  const app = Fastify({
    logger,
    // Fastify accepts a hop count at run time; its typings omit the number form.
    trustProxy: env.TRUST_PROXY as boolean | string,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    // One line per request drowns the outbox links and warnings; LOG_LEVEL=debug brings them back.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerSecurityHeaders(app);
  registerForwardedWarning(app, env.TRUST_PROXY);
  app.addHook('onResponse', async (req, reply) => {
    // Without the query string: links such as /verify-email?token=… carry credentials.
    req.log.debug(
      {
        method: req.method,
        url: req.url.split('?')[0],
        status: reply.statusCode,
        ms: reply.elapsedTime,
      },
      'request',
    );
  });

  const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2 }) : undefined;
  redis?.on('error', (err) => app.log.warn({ err }, 'redis error'));
  // ROLE=web nodes serve only the dashboard, ROLE=worker nodes only health (they run jobs); the
  // API and sockets live on ROLE=api|all nodes.
  const servesApi = env.ROLE === 'api' || env.ROLE === 'all';
  const ctx = await createContainer({
    env,
    database,
    log: app.log,
    redis,
    limits: { ...DEFAULT_RATE_LIMITS, ...opts.limits },
    socketServer: servesApi && opts.realtime !== false ? app.server : undefined,
    notifier: opts.notifier,
    mailer: opts.mailer,
    analytics: opts.analytics,
    batcher: opts.batcher,
    now: opts.now,
    paymentProvider: opts.paymentProvider,
    segmentCounts: opts.segmentCounts,
    webhookResolve: opts.webhookResolve,
  });
  const { authService, payments, provider, batcher, analytics, mail, mailer } = ctx;
  const userLimits = createUserRateLimit(ctx.counters, {
    ...DEFAULT_USER_RATE_LIMITS,
    ...opts.userLimits,
  });

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Signpost API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  // Within a second whatever the analytics queue holds: a slow analytics ping is "degraded"
  // (still ready: every other route answers), a refused one is 503 (docs/reports.md).
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const [db, reads] = await Promise.all([
      database.ping().then(
        () => true,
        () => false,
      ),
      analyticsReadiness(analytics),
    ]);
    if (!db || reads === 'down')
      return reply
        .status(503)
        .send({ message: 'Database is not answering.', status: 503, code: 'not_ready' });
    if (reads === 'slow') return { status: 'degraded', analytics: 'slow' };
    return { status: 'ready' };
  });

  const mode = testMode(env);
  for (const warning of testModeWarnings(env)) app.log.warn(warning);

  if (servesApi)
    await app.register(
      async (v1: ZodApp) => {
        // The API speaks JSON only: other bodies answer 415 with a readable message.
        v1.removeContentTypeParser('text/plain');
        publicAuthRoutes(v1, { auth: authService, counters: ctx.counters, limits: ctx.limits });
        planRoutes(v1, ctx.plansService);
        featureRoutes(v1, { featuresFile: env.GROWTHBOOK_FEATURES_FILE });
        publicPaymentRoutes(v1, { env, provider, testMode: mode.mail || mode.payments });
        await v1.register(async (hook: ZodApp) =>
          paymentWebhookRoutes(hook, { provider, svc: payments }),
        );
        await v1.register(async (ingest: ZodApp) => ingestRoutes(ingest, ctx.ingestService));
        await v1.register(async (rt: ZodApp) => flowRuntimeRoutes(rt, ctx.flowRuntime));
        await v1.register(async (b: ZodApp) => builderRoutes(b, ctx.builder, ctx.counters));
        await v1.register(async (b: ZodApp) =>
          builderProbeRoutes(b, ctx.builderProbe, ctx.counters),
        );
        v1.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
        // The product's server key on the routes that take one (the data export).
        const serverKeyAuth = createServerKeyAuth({ writeKeys: ctx.writeKeys, users: ctx.users });
        // Authenticated scope: every route here has a session, and tenant data is filtered by it.
        await v1.register(async (authed: ZodApp) => {
          // A signed download link stands in for the bearer header on the allow-listed
          // downloads (docs/security.md, "Download links").
          authed.addHook('onRequest', async (req) => {
            req.auth =
              (await ctx.downloadLinks.authenticate(req.method, req.url)) ??
              (await serverKeyAuth(req)) ??
              (await authService.authenticate(bearer(req)));
          });
          // Writes, and requests that read analytics, count against their user's limits; the
          // analytics reads against its account's share of the engine (docs/reports.md).
          authed.addHook('preHandler', async (req) => {
            if (isWrite(req.method) && !readOnly(req.routeOptions.config))
              await userLimits.write(session(req).user.id);
          });
          authed.addHook('preHandler', (req, reply, done) => {
            const user = session(req).user.id;
            withAnalyticsCaller(user, reply.raw, done, () => userLimits.analytics(user));
          });
          userRoutes(authed, {
            auth: authService,
            users: ctx.usersService,
            plans: ctx.plansService,
          });
          brandRoutes(authed, {
            brands: ctx.brandsService,
            sources: ctx.brandSources,
            settings: ctx.brandSettings,
          });
          themeRoutes(authed, ctx.themes);
          eventRoutes(authed, ctx.eventsService);
          profileRoutes(authed, ctx.profilesService, ctx.attributesService);
          flowRoutes(authed, {
            flows: ctx.flowsService,
            reports: ctx.flowReports,
            health: ctx.targetHealth,
          });
          downloadLinkRoutes(authed, ctx.downloadLinks);
          dataExportRoutes(authed, ctx.dataExport);
          erasureRoutes(authed, ctx.erasure);
          webhookRoutes(authed, ctx.webhooks);
          productDeletionRoutes(authed, ctx.productDeletion);
          retentionRoutes(authed, ctx.retention);
          segmentMemberRoutes(authed, ctx.segmentMembers);
          segmentRoutes(authed, ctx.segmentsService);
          builderSessionRoutes(authed, ctx.builder);
          builderProbeEditorRoutes(authed, ctx.builderProbe);
          reportRoutes(authed, { reports: ctx.reports, saved: ctx.savedReports });
          shortUrlRoutes(authed, ctx.shortUrls);
          paymentRoutes(authed, payments);
          homeRoutes(authed, ctx.home);
        });
        v1.all('/*', async () => {
          throw new AppError(404, 'not_found', MESSAGES.http.notFound);
        });
      },
      { prefix: '/v1' },
    );
  if (servesApi) await sdkRoutes(app);
  // A demo shop with the install snippet, to try tours and the builder (docs/builder.md).
  if (servesApi)
    demoRoutes(app, {
      host: appUrl(env),
      isDemoKey: async (key) => {
        const product = await ctx.writeKeys.resolve(key);
        const owner = product && (await ctx.users.findById(product.ownerId));
        return owner?.email === DEMO_ACCOUNT_EMAIL;
      },
    });
  // Short links are public, like /sdk.js: the slug is the whole address (docs/short-urls.md).
  if (servesApi)
    redirectRoutes(app, {
      resolve: ctx.shortUrls.resolve,
      clicks: ctx.shortUrlClicks,
      hasher: ctx.clickHasher,
      counters: ctx.counters,
      ratePerMinute: env.SHORT_URL_RATE_PER_IP,
      trustProxy: env.TRUST_PROXY !== false,
      blocklist: ctx.shortUrls.blocklist,
      notOnHost: shortLinksElsewhere(env),
      now: opts.now,
      log: app.log,
    });
  if (mailer.transport === 'outbox') outboxRoutes(app, ctx.outboxService);

  // Graceful close: in-flight requests finish; keep-alive connections are dropped as soon as they
  // turn idle (Node only drops the ones idle at close time, and clients keep theirs for a while).
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    await ctx.realtime.close();
    sweeper = setInterval(() => app.server.closeIdleConnections(), 100);
  });
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    // Charges settling in the background finish before the database closes.
    await provider.drain();
    // In-flight ingestion requests have finished by now; anything still queued is written.
    await ctx.flowSessions.flush?.();
    // Jobs in flight are stopped (their rows go back to the queue) before what they write to
    // closes; a membership sweep in flight ends after its segment, before its events are flushed.
    await ctx.jobs.close();
    await ctx.segmentMembership.close();
    await ctx.flowEvents.close();
    await ctx.shortUrlClicks.close();
    await batcher.close();
    if (!opts.analytics) await analytics.close();
    await mail.drain();
    await ctx.sessions.close();
    await ctx.publishedFlows.close();
    await ctx.retention.close();
    await redis?.quit().catch(() => redis.disconnect());
  });

  const built = app as unknown as App;
  built.ctx = ctx;
  return built;
}
