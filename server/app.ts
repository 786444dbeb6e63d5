import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import { Redis } from 'ioredis';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { MESSAGES } from '../lib/messages';
import type { Env } from './env';
import { appUrl, mailTransport, testMode, testModeWarnings } from './env';
import type { Database } from './db/client';
import { bearer, type AppContext, type ZodApp } from './context';
import { AppError } from './errors';
import { createDeliveryQueue, createMailer, type Mailer } from './mail/mailer';
import { createOutboxRepository } from './mail/outbox.repository';
import { registerErrorHandling } from './plugins/errors';
import { registerSecurityHeaders } from './plugins/security-headers';
import {
  DEFAULT_RATE_LIMITS,
  memoryCounterStore,
  redisCounterStore,
  type CounterStore,
  type RateLimits,
} from './plugins/rate-limit';
import { attachRealtime } from './plugins/realtime';
import { createAuthRepository } from './modules/auth/auth.repository';
import { createAuthService } from './modules/auth/auth.service';
import { publicAuthRoutes } from './modules/auth/auth.routes';
import { createUsersRepository } from './modules/users/users.repository';
import { userRoutes } from './modules/users/users.routes';
import { createPlansRepository } from './modules/plans/plans.repository';
import { planRoutes } from './modules/plans/plans.routes';
import { createBrandsRepository } from './modules/brands/brands.repository';
import { createBrandsService } from './modules/brands/brands.service';
import { createBrandSourcesService } from './modules/brands/brand-sources.service';
import { brandRoutes } from './modules/brands/brands.routes';
import { featureRoutes } from './modules/features/features.routes';
import { outboxRoutes } from './modules/dev/outbox.routes';
import { openAnalyticsStore } from './analytics';
import { createBatcher } from './analytics/batcher';
import type { AnalyticsStore, EventRow } from './analytics/types';
import { createBrandAccess } from './modules/brands/brand-access';
import { createEventsRepository } from './modules/events/events.repository';
import { createEventsService, toTrackedEventDto } from './modules/events/events.service';
import { eventRoutes } from './modules/events/events.routes';
import { createIngestService } from './modules/ingest/ingest.service';
import { ingestRoutes } from './modules/ingest/ingest.routes';
import { createWriteKeys } from './modules/ingest/write-keys';
import { fairUseFor } from './modules/ingest/fair-use';
import { createAttributesRepository } from './modules/profiles/attributes.repository';
import { createAttributesService } from './modules/profiles/attributes.service';
import { profilePatches } from './modules/profiles/profile-upsert';
import { createProfilesRepository } from './modules/profiles/profiles.repository';
import { createProfilesService } from './modules/profiles/profiles.service';
import { profileRoutes } from './modules/profiles/profiles.routes';
import { sdkRoutes } from './modules/sdk/sdk.routes';
import { createFlowsRepository } from './modules/flows/flows.repository';
import { createFlowsService } from './modules/flows/flows.service';
import { flowRoutes } from './modules/flows/flows.routes';
import { TAIL_SOCKET_EVENTS } from '../lib/constants';
import { tailRoom } from './plugins/realtime';
import { createPaymentProvider } from './payments';
import type { PaymentProvider } from './payments/types';
import { createPaymentsRepository } from './modules/payments/payments.repository';
import { createPaymentsService } from './modules/payments/payments.service';
import {
  paymentRoutes,
  paymentWebhookRoutes,
  publicPaymentRoutes,
} from './modules/payments/payments.routes';

export interface BuildAppOptions {
  env: Env;
  database: Database;
  logger?: boolean | { level: string };
  /** Overrides of the auth rate limits (tests raise them). */
  limits?: Partial<RateLimits>;
  /** Replaces the mail transport (tests capture mail at the SMTP edge). */
  mailer?: Mailer;
  /** Attach Socket.IO to this app's HTTP server (default true). */
  realtime?: boolean;
  /** An open analytics store; by default one is opened from env (and closed with the app). */
  analytics?: AnalyticsStore;
  /** Overrides of the ingestion batcher (tests force small batches or a tiny queue). */
  batcher?: { maxBatchRows?: number; maxPendingRows?: number };
  /** The clock of billing and usage decisions (tests move it). */
  now?: () => Date;
  /** Replaces the provider chosen from env (tests). */
  paymentProvider?: PaymentProvider;
}

export type App = FastifyInstance & { ctx: AppContext };

/** Builds the API: plugins, modules and one error handler. Listening is the caller's job. */
export async function buildApp(opts: BuildAppOptions): Promise<App> {
  const { env, database } = opts;
  const app = Fastify({
    logger: opts.logger ?? false,
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
  const counters: CounterStore = redis ? redisCounterStore(redis) : memoryCounterStore();
  const limits: RateLimits = { ...DEFAULT_RATE_LIMITS, ...opts.limits };

  const db = database.db;
  const outbox = createOutboxRepository(db);
  const mailer =
    opts.mailer ??
    createMailer({
      smtpUrl: mailTransport(env) === 'smtp' ? env.SMTP_URL : undefined,
      from: env.MAIL_FROM,
      outbox,
      log: app.log,
    });
  const mail = createDeliveryQueue(mailer, app.log);
  const users = createUsersRepository(db);
  const plans = createPlansRepository(db);
  const brands = createBrandsRepository(db);
  await plans.seed();

  const authService = createAuthService({
    db,
    users,
    auth: createAuthRepository(db),
    plans,
    mail,
    counters,
    limits,
    appUrl: appUrl(env),
  });
  const writeKeys = createWriteKeys(brands);
  const brandsService = createBrandsService({
    db,
    brands,
    plans,
    onKeysChanged: writeKeys.clear,
  });
  const analytics =
    opts.analytics ??
    (await openAnalyticsStore({
      clickhouseUrl: env.CLICKHOUSE_URL,
      clickhouseDatabase: env.CLICKHOUSE_DATABASE,
      dataDir: env.DATA_DIR,
      queryTimeoutMs: env.ANALYTICS_QUERY_TIMEOUT_MS,
    }));
  const access = createBrandAccess(brands);
  const profilesRepo = createProfilesRepository(db);
  const attributesRepo = createAttributesRepository(db);
  // Filled in below once realtime exists; the batcher reports committed rows to the live tail.
  let notifyTail: (rows: EventRow[]) => void = () => undefined;
  // Filled in once the payments service exists: notices accounts reaching their MAU limit.
  let afterIngest: (ownerId: string) => Promise<void> = async () => undefined;
  const batcher = createBatcher({
    store: analytics,
    maxBatchRows: opts.batcher?.maxBatchRows,
    maxPendingRows: opts.batcher?.maxPendingRows ?? env.INGEST_MAX_PENDING,
    afterCommit: async (batch) => {
      const owners = new Map<number, string>();
      for (const s of batch) for (const r of s.rows) owners.set(r.brandId, s.ownerId);
      const patches = profilePatches(batch.flatMap((s) => s.rows));
      for (const [brandId, list] of patches)
        await profilesRepo.applyPatches(brandId, owners.get(brandId) as string, list);
      // The events are stored: a usage check failing must not make clients send them again.
      for (const ownerId of new Set(batch.map((s) => s.ownerId)))
        await afterIngest(ownerId).catch((err: unknown) =>
          app.log.warn({ err }, 'usage check after ingestion failed'),
        );
    },
    onCommitted: (rows) => notifyTail(rows),
  });
  const now = opts.now ?? (() => new Date());
  const provider =
    opts.paymentProvider ??
    createPaymentProvider({
      env,
      now,
      onError: (err, event) =>
        app.log.error({ err, event: event.id }, 'payment event could not be applied'),
    });
  const payments = createPaymentsService({
    db,
    repo: createPaymentsRepository(db),
    provider,
    profiles: profilesRepo,
    plans,
    now,
    // Read when emitting: realtime is attached to ctx below.
    realtime: () => ctx.realtime,
    log: app.log,
  });
  provider.onEvent((event) => payments.handleProviderEvent(event));
  afterIngest = (ownerId) => payments.usage.afterIngest(ownerId);
  const ctx: AppContext = {
    env,
    database,
    mailer,
    mail,
    outbox,
    counters,
    limits,
    users,
    plans,
    authService,
    brandsService,
    brandSources: createBrandSourcesService({ brands, onChanged: writeKeys.clear }),
    analytics,
    batcher,
    profiles: profilesRepo,
    now,
    provider,
    payments,
  };
  // ROLE=web nodes serve only the dashboard; the API and sockets live on ROLE=api|all nodes.
  const servesApi = env.ROLE !== 'web';
  if (servesApi && opts.realtime !== false) {
    ctx.realtime = attachRealtime({
      server: app.server,
      auth: authService,
      redisUrl: env.REDIS_URL,
      log: app.log,
      ownsBrand: access.owns,
    });
    const live = ctx.realtime;
    notifyTail = (rows) => {
      const groups = new Map<string, EventRow[]>();
      for (const r of rows) {
        const room = tailRoom(r.brandId, r.event);
        if (!live.mayHaveListeners(room)) continue;
        const list = groups.get(room);
        if (list) list.push(r);
        else groups.set(room, [r]);
      }
      for (const [room, list] of groups)
        live.emitToRoom(room, TAIL_SOCKET_EVENTS.EVENT, {
          brand_id: list[0]!.brandId,
          event_name: list[0]!.event,
          events: list.map(toTrackedEventDto),
        });
    };
  }
  const eventsService = createEventsService({
    events: createEventsRepository(db),
    access,
    store: analytics,
  });
  const profilesService = createProfilesService({
    profiles: profilesRepo,
    attributes: attributesRepo,
    access,
    store: analytics,
  });
  const attributesService = createAttributesService({ attributes: attributesRepo, access });
  const ingestService = createIngestService({
    writeKeys,
    batcher,
    usage: payments.usage,
    now,
    fairUse: fairUseFor(env, redis, counters, now),
  });
  const flowsService = createFlowsService({ flows: createFlowsRepository(db), access });

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Signpost API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await database.ping();
      await analytics.ping();
      return { status: 'ready' };
    } catch {
      return reply
        .status(503)
        .send({ message: 'Database is not answering.', status: 503, code: 'not_ready' });
    }
  });

  const mode = testMode(env);
  for (const warning of testModeWarnings(env)) app.log.warn(warning);

  if (servesApi)
    await app.register(
      async (v1: ZodApp) => {
        // The API speaks JSON only: other bodies answer 415 with a readable message.
        v1.removeContentTypeParser('text/plain');
        publicAuthRoutes(v1, ctx);
        planRoutes(v1, ctx);
        featureRoutes(v1, ctx);
        publicPaymentRoutes(v1, { env, provider, testMode: mode.mail || mode.payments });
        await v1.register(async (hook: ZodApp) =>
          paymentWebhookRoutes(hook, { provider, svc: payments }),
        );
        await v1.register(async (ingest: ZodApp) => ingestRoutes(ingest, ingestService));
        v1.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
        // Authenticated scope: every route here has a session, and tenant data is filtered by it.
        await v1.register(async (authed: ZodApp) => {
          authed.addHook('onRequest', async (req) => {
            req.auth = await authService.authenticate(bearer(req));
          });
          userRoutes(authed, ctx);
          brandRoutes(authed, ctx);
          eventRoutes(authed, eventsService);
          profileRoutes(authed, profilesService, attributesService);
          flowRoutes(authed, flowsService);
          paymentRoutes(authed, payments);
        });
        v1.all('/*', async () => {
          throw new AppError(404, 'not_found', MESSAGES.http.notFound);
        });
      },
      { prefix: '/v1' },
    );
  if (servesApi) await sdkRoutes(app);
  if (mailer.transport === 'outbox') outboxRoutes(app, ctx);

  // Graceful close: in-flight requests finish; keep-alive connections are dropped as soon as they
  // turn idle (Node only drops the ones idle at close time, and clients keep theirs for a while).
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    await ctx.realtime?.close();
    sweeper = setInterval(() => app.server.closeIdleConnections(), 100);
  });
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    // Charges settling in the background finish before the database closes.
    await provider.drain();
    // In-flight ingestion requests have finished by now; anything still queued is written.
    await batcher.close();
    if (!opts.analytics) await analytics.close();
    await mail.drain();
    await redis?.quit().catch(() => redis.disconnect());
  });

  const built = app as unknown as App;
  built.ctx = ctx;
  return built;
}
