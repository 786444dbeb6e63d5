import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppContext } from './context';
import { appUrl, mailTransport, type Env } from './env';
import type { Database } from './db/client';
import { createDeliveryQueue, createMailer, type Mailer } from './mail/mailer';
import { createOutboxRepository } from './mail/outbox.repository';
import { memoryCounterStore, redisCounterStore, type RateLimits } from './plugins/rate-limit';
import { silentNotifier, type Realtime } from './realtime/notifier';
import { attachRealtime } from './realtime/socket-server';
import { DuckDBThreadStore, openAnalyticsStore } from './analytics';
import { createBatcher } from './analytics/batcher';
import { productGatedStore } from './analytics/runtime-reads';
import { AnalyticsScheduler, scheduledStore } from './analytics/scheduler';
import type { AnalyticsStore } from './analytics/types';
import { createPaymentProvider } from './payments';
import type { PaymentProvider } from './payments/types';
import { createAuthRepository } from './modules/auth/auth.repository';
import { createAuthService } from './modules/auth/auth.service';
import { createSessionCache } from './modules/auth/session-cache';
import { createDownloadLinks } from './modules/auth/download-links.service';
import { createUsersRepository } from './modules/users/users.repository';
import { createUsersService } from './modules/users/users.service';
import { createPlansRepository } from './modules/plans/plans.repository';
import { createPlansService } from './modules/plans/plans.service';
import { createBrandsRepository } from './modules/brands/brands.repository';
import { createBrandsService } from './modules/brands/brands.service';
import { createBrandSourcesService } from './modules/brands/brand-sources.service';
import { createBrandAccess } from './modules/brands/brand-access';
import { createBrandSettingsService } from './modules/brands/brand-settings.service';
import { createFilteredUsage } from './modules/ingest/filtered-usage';
import { createThemesRepository } from './modules/themes/themes.repository';
import { createThemesService } from './modules/themes/themes.service';
import { createEventsRepository } from './modules/events/events.repository';
import { createEventsService } from './modules/events/events.service';
import { createLiveTail } from './modules/events/live-tail';
import { createIngestService } from './modules/ingest/ingest.service';
import { createAfterCommit } from './modules/ingest/after-commit';
import { createWriteKeys } from './modules/ingest/write-keys';
import { fairUseFor } from './modules/ingest/fair-use';
import { createDerivedQuota } from './modules/ingest/derived-quota';
import { createDiskWatermark } from './lib/disk-space';
import { createAttributesRepository } from './modules/profiles/attributes.repository';
import { createAttributesService } from './modules/profiles/attributes.service';
import { createProfilesRepository } from './modules/profiles/profiles.repository';
import { createProfilesService } from './modules/profiles/profiles.service';
import { createFlowsRepository } from './modules/flows/flows.repository';
import { createFlowsService } from './modules/flows/flows.service';
import { createSegmentsRepository } from './modules/segments/segments.repository';
import { createSegmentsService } from './modules/segments/segments.service';
import { createSegmentEngine } from './modules/segments/engine/members';
import { createSegmentCounts } from './modules/segments/engine/members-counts';
import { createSegmentMembersService } from './modules/segments/engine/members.service';
import { createDataExportRepository } from './modules/data-export/data-export.repository';
import { createDataExportService } from './modules/data-export/data-export.service';
import { createErasureRepository } from './modules/erasure/erasure.repository';
import { createProductDeletionRepository } from './modules/product-deletion/product-deletion.repository';
import {
  createProductDeletionService,
  PRODUCT_PURGE_JOB,
} from './modules/product-deletion/product-deletion.service';
import { createErasureService, erasureSalt } from './modules/erasure/erasure.service';
import { createSuppressionCheck } from './modules/erasure/suppressions';
import { createMembershipRepository } from './modules/segments/membership/membership.repository';
import { createSegmentMembership } from './modules/segments/membership/membership-sweep';
import { createSegmentWalks } from './modules/segments/engine/walks';
import { createMembershipChanges } from './modules/segments/engine/membership-change';
import { createBuilderRepository } from './modules/builder/builder.repository';
import { createBuilderService } from './modules/builder/builder.service';
import { createBuilderProbeRepository } from './modules/builder/builder-probe.repository';
import { createBuilderProbeService } from './modules/builder/builder-probe.service';
import { createEventMemory } from './modules/flows/runtime/event-memory';
import { runtimeLimitFor } from './modules/flows/runtime/runtime-limit';
import { withSeenVisitors } from './modules/flows/seen-visitors';
import {
  createFlowSessionsRepository,
  type FlowSessionsRepository,
} from './modules/flows/flow-sessions.repository';
import { withWriteBehindStarts } from './modules/flows/write-behind-starts';
import { createFlowReportService } from './modules/flows/flow-report.service';
import { createTargetHealthService } from './modules/flows/target-health.service';
import { createReportsService } from './modules/reports/reports.service';
import { createReportsRepository } from './modules/reports/reports.repository';
import { createSavedReportsService } from './modules/reports/saved-reports.service';
import { createPublishedFlows } from './modules/flows/runtime/published-flows';
import { createPublishedSegments } from './modules/flows/runtime/published-segments';
import { createFlowRuntimeService } from './modules/flows/runtime/runtime.service';
import { createFlowEventQueue } from './modules/flows/runtime/flow-event-queue';
import { createPaymentsRepository } from './modules/payments/payments.repository';
import { createPaymentsService } from './modules/payments/payments.service';
import { createOutboxService } from './modules/dev/outbox.service';
import { createShortUrlsRepository } from './modules/short-urls/short-urls.repository';
import { createShortUrlsService } from './modules/short-urls/short-urls.service';
import { createClickQueue } from './modules/short-urls/click-queue';
import { clickSecret, createClickHasher } from './modules/short-urls/click-fingerprint';
import { memoryUniqueClicks, redisUniqueClicks } from './modules/short-urls/unique-clicks';
import { createHomeService } from './modules/home/home.service';
import { createJobs } from './jobs';
import { retainedStore } from './analytics/retained-store';
import { createRetentionCutoffs } from './modules/retention/retention-cutoffs';
import { createRetentionRepository } from './modules/retention/retention.repository';
import { createRetentionService } from './modules/retention/retention.service';
import { createWebhooks } from './modules/webhooks';
import type { Lookup } from './modules/webhooks/destination-guard';
import { createWebhooksRepository } from './modules/webhooks/webhooks.repository';

/** How long a session read from the database is trusted without reading it again. */
const SESSION_CACHE_TTL_MS = 60_000;
const SESSION_CACHE_MAX_ENTRIES = 10_000;

/** What createContainer is given: the edges (database, Redis, mail, payments, clock) and limits. */
export interface ContainerOptions {
  env: Env;
  database: Database;
  log: FastifyBaseLogger;
  /** Shared Redis connection (rate limits, fair use) when REDIS_URL is set. */
  redis?: Redis;
  limits: RateLimits;
  /** The HTTP server sockets attach to; none means this node serves no sockets. */
  socketServer?: HttpServer;
  /** Replaces the notifier (tests observe what is emitted). */
  notifier?: Realtime;
  mailer?: Mailer;
  analytics?: AnalyticsStore;
  batcher?: { maxBatchRows?: number; maxPendingRows?: number };
  now?: () => Date;
  paymentProvider?: PaymentProvider;
  /** Count a saved segment's members in the background (default true). */
  segmentCounts?: boolean;
  /** The DNS resolver of webhook deliveries (tests); the system's by default. */
  webhookResolve?: Lookup;
}

/**
 * Builds every repository and service once, in dependency order: each one receives what it
 * uses, and nothing is filled in later. The realtime notifier comes right after auth (sockets
 * authenticate with it), before the services that emit.
 */
export async function createContainer(opts: ContainerOptions): Promise<AppContext> {
  const { env, log, redis, limits } = opts;
  const db = opts.database.db;
  const now = opts.now ?? (() => new Date());
  const counters = redis ? redisCounterStore(redis) : memoryCounterStore();
  // Durable background work (docs/jobs.md): every node enqueues, worker nodes run.
  const jobs = createJobs({ env, database: opts.database, log });

  const outbox = createOutboxRepository(db);
  const mailer =
    opts.mailer ??
    createMailer({
      smtpUrl: mailTransport(env) === 'smtp' ? env.SMTP_URL : undefined,
      from: env.MAIL_FROM,
      outbox,
      log,
    });
  const mail = createDeliveryQueue(mailer, log);

  const users = createUsersRepository(db);
  const plans = createPlansRepository(db);
  const brands = createBrandsRepository(db);
  await plans.seed();
  const access = createBrandAccess(brands);
  const themes = createThemesService({
    themes: createThemesRepository(db),
    onError: (err) => log.warn({ err }, 'product theme not read: tours use the default look'),
  });

  const sessions = createSessionCache({
    ttlMs: SESSION_CACHE_TTL_MS,
    maxEntries: SESSION_CACHE_MAX_ENTRIES,
    redis,
    log,
  });
  const authService = createAuthService({
    db,
    users,
    auth: createAuthRepository(db),
    plans,
    mail,
    counters,
    limits,
    appUrl: appUrl(env),
    sessions,
  });
  const realtime =
    opts.notifier ??
    (opts.socketServer
      ? attachRealtime({
          server: opts.socketServer,
          auth: authService,
          redisUrl: env.REDIS_URL,
          log,
          ownsBrand: access.owns,
        })
      : silentNotifier);

  const writeKeys = createWriteKeys(brands, { counters, rule: limits.unknownKey });
  const filtered = createFilteredUsage({ counters, now });
  const brandsService = createBrandsService({
    db,
    brands,
    plans,
    onKeysChanged: writeKeys.clear,
    // The analytics events of a deleted product (docs/data-rights.md, "Deleting a product").
    purgeEvents: (brandId, ownerId) =>
      jobs.enqueue(PRODUCT_PURGE_JOB, { brandId }, { ownerId, brandId }),
  });
  const opened =
    opts.analytics ??
    (await openAnalyticsStore({
      clickhouseUrl: env.CLICKHOUSE_URL,
      clickhouseDatabase: env.CLICKHOUSE_DATABASE,
      dataDir: env.DATA_DIR,
      queryTimeoutMs: env.ANALYTICS_QUERY_TIMEOUT_MS,
      threadPolicy: env.ANALYTICS_THREAD_POLICY,
    }));
  if (
    env.ANALYTICS_THREAD_POLICY === 'batch' &&
    process.platform === 'linux' &&
    opened instanceof DuckDBThreadStore &&
    opened.backgroundThread === null
  )
    log.warn(
      "DuckDB's thread keeps the normal scheduling policy: util-linux's chrt is missing or was refused (docs/adr/0017-background-thread-policy.md)",
    );
  // Every read of a product hides the events past its retention (docs/retention.md).
  const retentionRepo = createRetentionRepository(db);
  const retentionCutoffs = createRetentionCutoffs({ repo: retentionRepo, now, redis, log });
  const analytics = retainedStore(opened, retentionCutoffs);
  const profiles = createProfilesRepository(db);
  // The reads of signed-in accounts are scheduled per account (docs/reports.md).
  const analyticsScheduler = new AnalyticsScheduler();
  const reads = scheduledStore(analytics, analyticsScheduler);
  // Each account's segment walks and their pages are bounded (docs/segments.md).
  const segmentWalks = createSegmentWalks();
  // One set evaluator for every segment walk: previews, members, counts, changes, the sweep.
  const segmentEngine = createSegmentEngine({
    db,
    store: reads,
    now: () => now().getTime(),
    walks: segmentWalks,
  });
  const liveTail = createLiveTail(realtime);
  // The embedded DuckDB store lives in this process alone: every event passes through here, so
  // the codes event conditions use can be kept in memory (docs/adr/0012-flow-runtime-cost.md).
  const eventMemory =
    analytics.engine === 'duckdb'
      ? createEventMemory({ store: analytics, log, keptFrom: retentionCutoffs.peek })
      : undefined;
  const attributes = createAttributesRepository(db);
  // Outbound webhooks (docs/webhooks.md): modules whose events are topics get `publish` or
  // `topics` (ingestion, link clicks and billing ask a per-product subscription cache first).
  const webhooks = createWebhooks({
    db,
    env,
    access,
    jobs,
    mail,
    log,
    resolve: opts.webhookResolve,
    now,
  });

  const provider =
    opts.paymentProvider ??
    createPaymentProvider({
      env,
      now,
      onError: (err, event) =>
        log.error({ err, event: event.id }, 'payment event could not be applied'),
    });
  const payments = createPaymentsService({
    db,
    repo: createPaymentsRepository(db, {
      now,
      onSubscriptionChanged: webhooks.topics.subscriptionChanged,
    }),
    provider,
    profiles,
    plans,
    now,
    realtime,
    onUserChanged: sessions.forgetUser,
    log,
  });
  provider.onEvent((event) => payments.handleProviderEvent(event));

  const batcher = createBatcher({
    store: analytics,
    maxBatchRows: opts.batcher?.maxBatchRows,
    maxPendingRows: opts.batcher?.maxPendingRows ?? env.INGEST_MAX_PENDING,
    maxPendingBytes: env.INGEST_MAX_PENDING_BYTES,
    afterCommit: createAfterCommit({
      profiles,
      usage: payments.usage,
      log,
      webhooks: webhooks.topics.ingest,
    }),
    onCommitted: (rows) => {
      liveTail(retentionCutoffs.visible(rows));
      eventMemory?.remember(rows);
    },
  });

  const flows = createFlowsRepository(db);
  // PGlite lives in this process alone: the only writer, so "never had a session" can be
  // remembered here instead of read, and a new session written behind the visitor's answer
  // (docs/adr/0012-flow-runtime-cost.md).
  const sessionsTable = createFlowSessionsRepository(db, { now });
  const flowSessions: FlowSessionsRepository & { flush?: () => Promise<void> } =
    opts.database.engine === 'pglite'
      ? withWriteBehindStarts(withSeenVisitors(sessionsTable), { now, log })
      : sessionsTable;
  // The segments segment triggers read, forgotten with the product's published tours.
  const publishedSegments = createPublishedSegments({
    ofBrand: (brandId) => createSegmentsRepository(db).ofBrand(brandId),
  });
  const publishedFlows = createPublishedFlows({
    flows,
    redis,
    log,
    onForget: publishedSegments.forget,
  });
  // Tour events and link clicks draw on a daily quota of their own (derived-quota.ts).
  const derived = createDerivedQuota({
    batcher,
    counters,
    usage: payments.usage,
    perMauPerDay: env.DERIVED_DAILY_EVENTS_PER_MAU,
    log,
    now,
  });
  const flowEvents = createFlowEventQueue({ batcher: derived, log, webhook: webhooks.publish });
  const targetHealth = createTargetHealthService({
    db,
    mail,
    appUrl: appUrl(env),
    sessions: flowSessions,
    onChanged: (brandId) => publishedFlows.changed(brandId),
    now,
  });
  const flowsService = createFlowsService({
    flows,
    access,
    // Read under the product's segment lock, in the save's transaction (docs/segments.md).
    segmentIdsOf: async (brandId, tx) => {
      const locked = await createSegmentsRepository(db).lockIn(tx, brandId);
      return new Set((await locked.ofBrand(brandId)).map((s) => s.id));
    },
    db,
    plans,
    sessions: flowSessions,
    onChanged: publishedFlows.changed,
    health: targetHealth,
    now,
  });
  const shortUrlLinks = createShortUrlsRepository(db);
  const shortUrlClicks = createClickQueue({
    batcher: derived,
    links: shortUrlLinks,
    unique: redis ? redisUniqueClicks(redis) : memoryUniqueClicks(),
    log,
    webhooks: webhooks.topics.publisher,
  });

  return {
    env,
    database: opts.database,
    jobs,
    webhooks: webhooks.service,
    webhookDelivery: webhooks.delivery,
    mailer,
    mail,
    outbox,
    outboxService: createOutboxService(outbox),
    counters,
    limits,
    realtime,
    users,
    writeKeys,
    plans,
    authService,
    sessions,
    usersService: createUsersService({ users, onChanged: sessions.forgetUser }),
    plansService: createPlansService({ plans, payments, brands: brandsService }),
    brandsService,
    brandSources: createBrandSourcesService({ brands, onChanged: writeKeys.clear }),
    brandSettings: createBrandSettingsService({
      brands,
      onChanged: writeKeys.clear,
      filteredOf: filtered.ofBrand,
    }),
    themes,
    analytics,
    analyticsScheduler,
    segmentWalks,
    batcher,
    profiles,
    now,
    provider,
    payments,
    eventsService: createEventsService({
      events: createEventsRepository(db),
      access,
      store: reads,
    }),
    profilesService: createProfilesService({
      profiles,
      attributes,
      access,
      store: reads,
      webhooks: webhooks.topics.publisher,
    }),
    attributesService: createAttributesService({ attributes, access }),
    ingestService: createIngestService({
      writeKeys,
      batcher,
      usage: payments.usage,
      now,
      fairUse: fairUseFor(env, redis, counters, now),
      filtered,
      suppressions: createSuppressionCheck({
        repo: createErasureRepository(db),
        salt: erasureSalt(clickSecret(env)),
      }),
      suppressed: createFilteredUsage({ counters, now, kind: 'suppressed' }),
      disk: createDiskWatermark({
        dir: env.DATA_DIR,
        minFreeBytes: env.DISK_MIN_FREE_MB * 1024 * 1024,
        log,
      }),
    }),
    flowsService,
    segmentsService: createSegmentsService({
      segments: createSegmentsRepository(db),
      access,
      tourTargeting: flows.tourTargeting,
      // A saved definition a published tour reads answers its members gained and lost.
      membershipChanges: createMembershipChanges({
        engine: segmentEngine,
        toursTargeting: flows.toursTargeting,
        onError: (err, segmentId) =>
          log.warn({ err, segmentId }, 'segment membership change not counted'),
      }),
      // A saved definition is counted in the background, one count at a time per product
      // (docs/segments.md, "Member count").
      counts:
        opts.segmentCounts === false
          ? undefined
          : createSegmentCounts({
              segments: createSegmentsRepository(db),
              engine: segmentEngine,
              onError: (err) => log.warn({ err }, 'segment member count failed'),
            }),
      // A saved, moved or deleted segment reaches the tour runtime at once (docs/segments.md).
      changed: publishedFlows.changed,
    }),
    erasure: createErasureService({
      db,
      repo: createErasureRepository(db),
      access,
      store: analytics,
      jobs,
      salt: erasureSalt(clickSecret(env)),
      erased: (brandId) => eventMemory?.forgetProduct(brandId),
      webhookLog: createWebhooksRepository(db),
      webhook: webhooks.publish,
      suppressionsChanged: writeKeys.clear,
      now,
    }),
    retention: createRetentionService({
      repo: retentionRepo,
      cutoffs: retentionCutoffs,
      store: analytics,
      jobs,
      onChanged: (brandId) => eventMemory?.forgetProduct(brandId),
      log,
      now,
    }),
    productDeletion: createProductDeletionService({
      db,
      repo: createProductDeletionRepository(db),
      access,
      store: analytics,
      jobs,
      deleted: (brandId) => {
        writeKeys.clear();
        eventMemory?.forgetProduct(brandId);
      },
      log,
      now,
    }),
    dataExport: createDataExportService({
      access,
      store: reads,
      repo: createDataExportRepository(db),
      now,
    }),
    segmentMembers: createSegmentMembersService({
      segments: createSegmentsRepository(db),
      access,
      engine: segmentEngine,
      now: () => now().getTime(),
    }),
    // Who entered and left each segment, a minute behind the events (docs/segments.md,
    // "Membership records"): one job per product; server/index.ts starts the schedule.
    segmentMembership: createSegmentMembership({
      segments: createSegmentsRepository(db),
      members: createMembershipRepository(db),
      engine: segmentEngine,
      events: derived,
      jobs,
      now,
      onError: (err, segmentId) => log.warn({ err, segmentId }, 'segment membership not swept'),
      webhook: webhooks.publish,
    }),
    builder: createBuilderService({
      sessions: createBuilderRepository(db),
      flows,
      brands,
      realtime,
      writeKeys,
      plans,
      onChanged: publishedFlows.changed,
      theme: themes.forRuntime,
      now,
    }),
    builderProbe: createBuilderProbeService({
      probes: createBuilderProbeRepository(db),
      sessions: createBuilderRepository(db),
      flows,
      realtime,
      now,
    }),
    publishedFlows,
    flowSessions,
    flowRuntime: createFlowRuntimeService({
      writeKeys,
      published: publishedFlows,
      sessions: flowSessions,
      profiles,
      // Decisions the event memory cannot answer read the store, scheduled per product.
      store: productGatedStore(analytics),
      events: flowEvents,
      memory: eventMemory,
      segments: publishedSegments,
      limit: runtimeLimitFor(env, redis),
      theme: themes.forRuntime,
      now,
    }),
    flowEvents,
    flowReports: createFlowReportService({ flows, store: reads, health: targetHealth, now }),
    targetHealth,
    reports: createReportsService({ access, store: reads, profiles, now }),
    savedReports: createSavedReportsService({ reports: createReportsRepository(db), access }),
    shortUrls: createShortUrlsService({
      db,
      links: shortUrlLinks,
      access,
      plans,
      store: reads,
      publicBaseUrl: (env.SHORT_URL_BASE_URL ?? appUrl(env)).replace(/\/$/, ''),
      blocklistFile: env.SHORT_URL_BLOCKLIST_FILE,
      now,
      onError: (err) => log.warn({ err }, 'short link lookups not refreshed'),
    }),
    shortUrlClicks,
    clickHasher: createClickHasher(clickSecret(env)),
    downloadLinks: createDownloadLinks({
      secret: clickSecret(env),
      users,
      auth: createAuthRepository(db),
      now,
    }),
    home: createHomeService({
      access,
      brands,
      events: createEventsRepository(db),
      flows,
      reports: createReportsRepository(db),
      links: shortUrlLinks,
      store: reads,
      usage: payments.usage,
      profiles,
      now,
    }),
  };
}
