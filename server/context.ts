import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Env } from './env';
import type { Database } from './db/client';
import type { DeliveryQueue, Mailer } from './mail/mailer';
import type { OutboxRepository } from './mail/outbox.repository';
import type { CounterStore, RateLimits } from './plugins/rate-limit';
import type { Realtime } from './realtime/notifier';
import type { AuthContext, AuthService } from './modules/auth/auth.service';
import type { SessionCache } from './modules/auth/session-cache';
import type { DownloadLinks } from './modules/auth/download-links.service';
import type { BrandsService } from './modules/brands/brands.service';
import type { WriteKeys } from './modules/ingest/write-keys';
import type { BrandSourcesService } from './modules/brands/brand-sources.service';
import type { BrandSettingsService } from './modules/brands/brand-settings.service';
import type { ThemesService } from './modules/themes/themes.service';
import type { PlansRepository } from './modules/plans/plans.repository';
import type { PlansService } from './modules/plans/plans.service';
import type { UsersRepository } from './modules/users/users.repository';
import type { UsersService } from './modules/users/users.service';
import type { AnalyticsStore } from './analytics/types';
import type { Batcher } from './analytics/batcher';
import type { ProfilesRepository } from './modules/profiles/profiles.repository';
import type { ProfilesService } from './modules/profiles/profiles.service';
import type { AttributesService } from './modules/profiles/attributes.service';
import type { EventsService } from './modules/events/events.service';
import type { IngestService } from './modules/ingest/ingest.service';
import type { FlowsService } from './modules/flows/flows.service';
import type { SegmentsService } from './modules/segments/segments.service';
import type { SegmentMembersService } from './modules/segments/engine/members.service';
import type { DataExportService } from './modules/data-export/data-export.service';
import type { ErasureService } from './modules/erasure/erasure.service';
import type { RetentionService } from './modules/retention/retention.service';
import type { ProductDeletionService } from './modules/product-deletion/product-deletion.service';
import type { SegmentMembership } from './modules/segments/membership/membership-sweep';
import type { JobQueue } from './jobs';
import type { WebhooksService } from './modules/webhooks/webhooks.service';
import type { WebhookDelivery } from './modules/webhooks/webhook-delivery';
import type { BuilderService } from './modules/builder/builder.service';
import type { BuilderProbeService } from './modules/builder/builder-probe.service';
import type { FlowReportService } from './modules/flows/flow-report.service';
import type { TargetHealthService } from './modules/flows/target-health.service';
import type { FlowSessionsRepository } from './modules/flows/flow-sessions.repository';
import type { ReportsService } from './modules/reports/reports.service';
import type { SavedReportsService } from './modules/reports/saved-reports.service';
import type { PublishedFlows } from './modules/flows/runtime/published-flows';
import type { FlowRuntimeService } from './modules/flows/runtime/runtime.service';
import type { FlowEventQueue } from './modules/flows/runtime/flow-event-queue';
import type { PaymentsService } from './modules/payments/payments.service';
import type { PaymentProvider } from './payments/types';
import type { OutboxService } from './modules/dev/outbox.service';
import type { ShortUrlsService } from './modules/short-urls/short-urls.service';
import type { ClickQueue } from './modules/short-urls/click-queue';
import type { ClickHasher } from './modules/short-urls/click-fingerprint';
import type { HomeService } from './modules/home/home.service';
import type { AnalyticsScheduler } from './analytics/scheduler';
import type { SegmentWalks } from './modules/segments/engine/walks';
import { unauthorized } from './errors';
import { MESSAGES } from '../lib/messages';

/**
 * Every repository and service, built once by `createContainer`. `buildApp` hands each route
 * module the services it uses; tests and the start-up script reach the rest through `app.ctx`.
 */
export interface AppContext {
  env: Env;
  database: Database;
  /** The durable job queue (docs/jobs.md); worker nodes start it. */
  jobs: JobQueue;
  /** Webhook endpoints and their delivery log (docs/webhooks.md). */
  webhooks: WebhooksService;
  /** Webhook messages on the job queue: publish, resend, purge (docs/webhooks.md). */
  webhookDelivery: WebhookDelivery;
  mailer: Mailer;
  /** Background delivery; `drain()` waits for mail still in flight. */
  mail: DeliveryQueue;
  outbox: OutboxRepository;
  outboxService: OutboxService;
  counters: CounterStore;
  limits: RateLimits;
  /** Sockets of this node, or a notifier that sends nowhere when it serves none. */
  realtime: Realtime;
  users: UsersRepository;
  /** The product a public write key (or a server key) belongs to, cached (docs/security.md). */
  writeKeys: WriteKeys;
  plans: PlansRepository;
  authService: AuthService;
  /** Sessions remembered for a minute so authenticated requests skip the database. */
  sessions: SessionCache;
  /** Short-lived signed links to downloads, opened without the bearer header. */
  downloadLinks: DownloadLinks;
  usersService: UsersService;
  plansService: PlansService;
  brandsService: BrandsService;
  /** Allowed origins, signed identities and the server key of each product. */
  brandSources: BrandSourcesService;
  brandSettings: BrandSettingsService;
  /** Each product's theme, "Custom styling" (docs/theme.md). */
  themes: ThemesService;
  analytics: AnalyticsStore;
  /** Admits the analytics reads of signed-in accounts (docs/reports.md). */
  analyticsScheduler: AnalyticsScheduler;
  /** Bounds each account's segment walks and pages (docs/segments.md, "Sharing the stores"). */
  segmentWalks: SegmentWalks;
  batcher: Batcher;
  profiles: ProfilesRepository;
  /** The clock of billing and usage decisions (tests move it). */
  now: () => Date;
  /** The card payment provider: local simulator or Stripe. */
  provider: PaymentProvider;
  payments: PaymentsService;
  eventsService: EventsService;
  profilesService: ProfilesService;
  attributesService: AttributesService;
  ingestService: IngestService;
  flowsService: FlowsService;
  /** Segments of the owner's products (docs/segments.md). */
  segmentsService: SegmentsService;
  /** Segments' preview and members (docs/segments.md, "Engine"). */
  segmentMembers: SegmentMembersService;
  /** Records who enters and leaves each segment (docs/segments.md, "Membership records"). */
  segmentMembership: SegmentMembership;
  /** Deleting a product after a grace period (docs/data-rights.md). */
  productDeletion: ProductDeletionService;
  /** Erasure of customers and its audit (docs/data-rights.md). */
  erasure: ErasureService;
  /** Each product's data retention and its nightly purge (docs/retention.md). */
  retention: RetentionService;
  /** Every event and profile of a product, streamed (docs/data-export.md). */
  dataExport: DataExportService;
  /** The builder on customers' sites: launch codes, builder tokens, picked targets. */
  builder: BuilderService;
  /** The live match count of a selector typed in the editor, counted by the open builder. */
  builderProbe: BuilderProbeService;
  /** Each product's published tours, kept per node and forgotten on every change. */
  publishedFlows: PublishedFlows;
  /** Visitors' tour sessions; `flush` waits for starts still being written (embedded database). */
  flowSessions: FlowSessionsRepository & { flush?: () => Promise<void> };
  /** available-flow, track and done: the public calls of customers' pages. */
  flowRuntime: FlowRuntimeService;
  /** Flow events waiting to be written (about once a second). */
  flowEvents: FlowEventQueue;
  flowReports: FlowReportService;
  /** Target health of published tours and the owner's e-mail when one breaks (docs/flows.md). */
  targetHealth: TargetHealthService;
  reports: ReportsService;
  savedReports: SavedReportsService;
  shortUrls: ShortUrlsService;
  /** Short-link clicks waiting to be written (about ten times a second). */
  shortUrlClicks: ClickQueue;
  /** Keyed hashes of who clicked a short link (never the raw address). */
  clickHasher: ClickHasher;
  /** Home: the getting-started checklist and the numbers of a product. */
  home: HomeService;
}

/** A Fastify scope whose routes are typed by their zod schemas. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
}

/** The session of an authenticated route (only valid inside the auth scope). */
export function session(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized(MESSAGES.http.unauthorized);
  return request.auth;
}
