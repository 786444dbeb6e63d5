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
import type { Realtime } from './plugins/realtime';
import type { AuthContext, AuthService } from './modules/auth/auth.service';
import type { BrandsService } from './modules/brands/brands.service';
import type { BrandSourcesService } from './modules/brands/brand-sources.service';
import type { PlansRepository } from './modules/plans/plans.repository';
import type { UsersRepository } from './modules/users/users.repository';
import { unauthorized } from './errors';
import type { AnalyticsStore } from './analytics/types';
import type { Batcher } from './analytics/batcher';
import type { ProfilesRepository } from './modules/profiles/profiles.repository';
import type { PaymentsService } from './modules/payments/payments.service';
import type { PaymentProvider } from './payments/types';
import { MESSAGES } from '../lib/messages';

/** Everything route modules need, built once by buildApp. */
export interface AppContext {
  env: Env;
  database: Database;
  mailer: Mailer;
  /** Background delivery; `drain()` waits for mail still in flight. */
  mail: DeliveryQueue;
  outbox: OutboxRepository;
  counters: CounterStore;
  limits: RateLimits;
  realtime?: Realtime;
  users: UsersRepository;
  plans: PlansRepository;
  authService: AuthService;
  brandsService: BrandsService;
  /** Allowed origins, signed identities and the server key of each product. */
  brandSources: BrandSourcesService;
  analytics: AnalyticsStore;
  batcher: Batcher;
  profiles: ProfilesRepository;
  /** The clock of billing and usage decisions (tests move it). */
  now: () => Date;
  /** The card payment provider: local simulator or Stripe. */
  provider: PaymentProvider;
  payments: PaymentsService;
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

/** The token of an `Authorization: Bearer <token>` header. */
export function parseBearer(header: string | undefined): string | undefined {
  return header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
}

export function bearer(request: FastifyRequest): string | undefined {
  return parseBearer(request.headers.authorization);
}
