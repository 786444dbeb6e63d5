import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { DataType } from '../../../lib/conditions';
import type { EventAttribute } from '../../../lib/contracts/events';
import { brands } from './brands';
import { users } from './users';

const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** Event definitions of a brand; tracked events themselves live in the analytics store. */
export const events = pgTable(
  'events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    code: text('code').notNull(),
    attributes: jsonb('attributes').$type<EventAttribute[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('events_brand_code_uq').on(t.brandId, t.code)],
);

/** One row per identified customer of a brand (identify / profile-process). */
export const customerProfiles = pgTable(
  'customer_profiles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    customerKey: text('customer_key').notNull(),
    anonymousIds: text('anonymous_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    email: text('email'),
    name: text('name'),
    dataAttributes: jsonb('data_attributes').$type<Record<string, unknown>>().notNull().default({}),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    firstSeen: timestamp('first_seen', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true, mode: 'date' }).notNull(),
    /** Latest calendar month (yyyymm) this customer was counted active in; drives the MAU counter. */
    activeMonth: integer('active_month').notNull().default(0),
  },
  (t) => [
    uniqueIndex('customer_profiles_brand_key_uq').on(t.brandId, t.customerKey),
    index('customer_profiles_brand_last_seen_idx').on(t.brandId, t.lastSeen),
    /** Segment members are read a page at a time in id order (docs/adr/0022-segment-engine.md). */
    index('customer_profiles_brand_id_idx').on(t.brandId, t.id),
  ],
);

/** Monthly active customers per account (sum over its brands), kept incrementally. */
export const accountUsage = pgTable(
  'account_usage',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** yyyymm, UTC calendar month. */
    month: integer('month').notNull(),
    mauCount: integer('mau_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);

/** Metadata attribute definitions (custom_field_name, name, data_type). */
export const metadataAttributes = pgTable(
  'metadata_attributes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    customFieldName: text('custom_field_name').notNull(),
    name: text('name').notNull(),
    dataType: text('data_type').$type<DataType>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('metadata_attributes_brand_field_uq').on(t.brandId, t.customFieldName)],
);

/** Custom data attribute definitions; the system ones are constants in lib/. */
export const dataAttributes = pgTable(
  'data_attributes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    fieldName: text('field_name').notNull(),
    name: text('name').notNull(),
    dataType: text('data_type').$type<DataType>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('data_attributes_brand_field_uq').on(t.brandId, t.fieldName)],
);
