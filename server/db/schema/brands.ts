import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { EventFilterRule, IpCaptureMode } from '../../../lib/contracts/brand-settings';
import { users } from './users';

/** Tracked products ("brands"); the write key is public by design (it ships in the snippet). */
export const brands = pgTable(
  'brands',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    domain: text('domain').notNull(),
    writeKey: text('write_key').notNull(),
    /** Sites allowed to send events besides the domain, its subdomains and loopback. */
    allowedOrigins: text('allowed_origins')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** userIds from the browser must carry HMAC-SHA256(userId, identity secret). */
    requireSignedIdentity: boolean('require_signed_identity').notNull().default(false),
    /** The HMAC key of signed identities (the customer's backend holds it too); made on first use. */
    identitySecret: text('identity_secret'),
    /** sha256 of the secret server key (a trusted server-side source); null = none issued. */
    serverKeyHash: text('server_key_hash'),
    /** Last four characters of the server key, to recognise it in the settings. */
    serverKeyHint: text('server_key_hint'),
    /** IANA zone whose calendar days the product's reports count in (docs/reports.md). */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** What is kept of the sender's IP with each event: off, anonymised, full (docs/settings.md). */
    ipCapture: text('ip_capture').$type<IpCaptureMode>().notNull().default('off'),
    /** Rules whose matching events are dropped at ingestion, never stored (docs/settings.md). */
    eventFilters: jsonb('event_filters')
      .$type<EventFilterRule[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Months of events kept (docs/retention.md); null = the plan's maximum. */
    retentionMonths: integer('retention_months'),
    /** The product theme as saved (docs/theme.md); null = the default look. */
    theme: jsonb('theme').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('brands_owner_idx').on(t.ownerId),
    uniqueIndex('brands_write_key_uq').on(t.writeKey),
    uniqueIndex('brands_server_key_uq').on(t.serverKeyHash),
  ],
);
