import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('brands_owner_idx').on(t.ownerId),
    uniqueIndex('brands_write_key_uq').on(t.writeKey),
  ],
);
